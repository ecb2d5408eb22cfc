import { describe, expect, it } from 'vitest';
import { brandVariables, isGuestLinkUrl, parsePortalRoute } from './portal-page.ts';

describe('parsePortalRoute', () => {
  it('reads the link and the screen of a portal path', () => {
    expect(parsePortalRoute('/portal/abc_-1')).toEqual({ linkId: 'abc_-1', screen: 'home' });
    expect(parsePortalRoute('/portal/abc/')).toEqual({ linkId: 'abc', screen: 'home' });
    expect(parsePortalRoute('/portal/abc/check-in')).toEqual({ linkId: 'abc', screen: 'checkIn' });
    expect(parsePortalRoute('/portal/abc/invoices/')).toEqual({ linkId: 'abc', screen: 'invoices' });
    expect(parsePortalRoute('/portal/abc/folio')).toEqual({ linkId: 'abc', screen: 'unknown' });
    expect(parsePortalRoute('/portal/b%C3%A4d')).toEqual({ linkId: 'bäd', screen: 'home' });
  });

  it('finds no link outside the portal, deeper in it, or in a malformed path', () => {
    for (const path of ['/', '/portal', '/portal/', '/bookings/abc', '/portal/a/b/c', '/portal/%E0%A4%A'])
      expect(parsePortalRoute(path), path).toEqual({ linkId: '', screen: 'unknown' });
  });
});

describe('brandVariables', () => {
  it('names the palette’s shades as the primary colour variables', () => {
    expect(brandVariables(JSON.stringify({ '50': '#eff6ff', '700': '#1D4ED8' }))).toEqual([
      ['--color-primary-50', '#eff6ff'],
      ['--color-primary-700', '#1D4ED8'],
    ]);
  });

  it('gives nothing of a missing or malformed palette, and drops entries that are no shade or colour', () => {
    for (const palette of [null, '', 'not json', '[]', '"#ffffff"', 'null', '42'])
      expect(brandVariables(palette), String(palette)).toEqual([]);
    expect(
      brandVariables(
        JSON.stringify({
          '700': '#1d4ed8',
          '7000': '#000000',
          x: '#000000',
          '800': 'red;}body{display:none',
          '900': '#12345',
          '600': 7,
        }),
      ),
    ).toEqual([['--color-primary-700', '#1d4ed8']]);
  });
});

describe('isGuestLinkUrl', () => {
  it('takes https, and http only where allowed', () => {
    expect(isGuestLinkUrl('https://alpenhof.example/info', { allowHttp: false })).toBe(true);
    expect(isGuestLinkUrl('HTTPS://alpenhof.example', { allowHttp: false })).toBe(true);
    expect(isGuestLinkUrl('http://alpenhof.example/info', { allowHttp: false })).toBe(false);
    expect(isGuestLinkUrl('http://alpenhof.example/info', { allowHttp: true })).toBe(true);
  });

  it('refuses every other scheme and what is no address', () => {
    for (const value of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://alpenhof.example',
      '//alpenhof.example',
      '/info',
      '',
    ]) {
      expect(isGuestLinkUrl(value, { allowHttp: true }), value).toBe(false);
    }
  });
});
