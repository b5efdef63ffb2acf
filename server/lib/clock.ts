// The time "now" for rules that depend on the calendar (away ranges, inactivity): one clock in
// AppDeps, so tests can set the day instead of waiting for it.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stays where it is set (tests). */
export class FixedClock implements Clock {
  constructor(private at: Date) {}
  now(): Date {
    return new Date(this.at.getTime());
  }
  set(at: Date): void {
    this.at = at;
  }
  advanceDays(days: number): void {
    this.at = new Date(this.at.getTime() + days * 86_400_000);
  }
}
