/** Where services read the time from: the system clock in production, a settable one in tests. */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock that follows the system's until it is set; then it stands still until set or advanced again. */
export class SettableClock implements Clock {
  private fixed: Date | null = null;

  now(): Date {
    return this.fixed ? new Date(this.fixed) : new Date();
  }

  /** Stops the clock at an instant (a Date or an ISO string, `2026-03-29T10:00:00Z`). */
  set(instant: Date | string): void {
    this.fixed = new Date(instant);
  }

  /** Moves a set clock (or the system time, which it then holds) forward by some milliseconds. */
  advance(milliseconds: number): void {
    this.fixed = new Date(this.now().getTime() + milliseconds);
  }

  /** Follows the system clock again. */
  reset(): void {
    this.fixed = null;
  }
}
