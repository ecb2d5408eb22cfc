import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect.ts';

describe('safeRedirect', () => {
  it('keeps a path inside the app with its query', () => {
    expect(safeRedirect('/settings/team?page=2')).toBe('/settings/team?page=2');
  });

  it('falls back to main for nothing, other origins and login itself', () => {
    for (const target of [
      null,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/login',
      '/login?redirect=/x',
    ]) {
      expect(safeRedirect(target)).toBe('/');
    }
  });

  it('does not mistake a path that merely starts with login', () => {
    expect(safeRedirect('/login-help')).toBe('/login-help');
  });
});
