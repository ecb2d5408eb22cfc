import { describe, expect, it } from 'vitest';
import {
  accountDelayMs,
  accountFailuresBeforeDelay,
  firstAccountDelayMs,
  maxAccountDelayMs,
} from './login-throttle.ts';

describe('accountDelayMs', () => {
  it('lets the first failures of an account through at once', () => {
    expect(accountDelayMs(1)).toBe(0);
    expect(accountDelayMs(accountFailuresBeforeDelay)).toBe(0);
  });

  it('doubles the delay with each further failure, up to the cap', () => {
    expect(accountDelayMs(accountFailuresBeforeDelay + 1)).toBe(firstAccountDelayMs);
    expect(accountDelayMs(accountFailuresBeforeDelay + 2)).toBe(2 * firstAccountDelayMs);
    expect(accountDelayMs(accountFailuresBeforeDelay + 3)).toBe(4 * firstAccountDelayMs);
    expect(accountDelayMs(accountFailuresBeforeDelay + 1000)).toBe(maxAccountDelayMs);
  });
});
