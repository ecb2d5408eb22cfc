import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettableClock, systemClock } from './clock.ts';

describe('clock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the system time in production', () => {
    vi.useFakeTimers({ now: new Date('2026-03-29T00:30:00Z') });
    expect(systemClock.now().toISOString()).toBe('2026-03-29T00:30:00.000Z');
  });

  it('follows the system time until set, then stands still', () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T12:00:00Z') });
    const clock = new SettableClock();
    expect(clock.now().toISOString()).toBe('2026-01-01T12:00:00.000Z');
    clock.set('2026-03-29T00:30:00Z');
    vi.advanceTimersByTime(60_000);
    expect(clock.now().toISOString()).toBe('2026-03-29T00:30:00.000Z');
  });

  it('advances by some milliseconds and goes back to the system time on reset', () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T12:00:00Z') });
    const clock = new SettableClock();
    clock.set(new Date('2026-10-25T00:00:00Z'));
    clock.advance(3 * 3_600_000);
    expect(clock.now().toISOString()).toBe('2026-10-25T03:00:00.000Z');
    clock.reset();
    expect(clock.now().toISOString()).toBe('2026-01-01T12:00:00.000Z');
  });

  it('hands out copies, so a caller cannot move the clock', () => {
    const clock = new SettableClock();
    clock.set('2026-05-01T00:00:00Z');
    clock.now().setFullYear(2000);
    expect(clock.now().toISOString()).toBe('2026-05-01T00:00:00.000Z');
  });
});
