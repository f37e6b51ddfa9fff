import type { Clock } from './clock';

/** A clock that only moves when told to; used by tests and the local job runner's tests. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date = new Date('2026-01-15T09:00:00Z')) {
    this.current = start.getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }

  set(date: Date): void {
    this.current = date.getTime();
  }
}
