import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { effectiveState, pauseFor, stopFor } from '../../functions/engine/chat-state';
import { isWithinWorkTime } from '../../functions/engine/work-time';
import { localTime } from '../../functions/shared/local-time';
import { workTimeSchema } from '../../functions/shared/schemas/bot-conditions';

const workTime = (input: unknown) => v.parse(workTimeSchema, input);

describe('work time', () => {
  it('is always on when switched off', () => {
    expect(isWithinWorkTime(workTime({}), new Date('2026-01-11T03:00:00Z'))).toBe(true);
  });

  it('reads the weekday and the clock in the bot’s time zone', () => {
    // Monday 2026-01-12 08:59 and 09:00 in Moscow (UTC+3); 18:00 is the end, not included.
    const wt = workTime({ enabled: true, time_zone: 'Europe/Moscow' });
    expect(isWithinWorkTime(wt, new Date('2026-01-12T05:59:00Z'))).toBe(false);
    expect(isWithinWorkTime(wt, new Date('2026-01-12T06:00:00Z'))).toBe(true);
    expect(isWithinWorkTime(wt, new Date('2026-01-12T14:59:00Z'))).toBe(true);
    expect(isWithinWorkTime(wt, new Date('2026-01-12T15:00:00Z'))).toBe(false);
    // Saturday is off by default; Sunday 23:30 UTC is already Monday 02:30 in Moscow, still off hours.
    expect(isWithinWorkTime(wt, new Date('2026-01-17T10:00:00Z'))).toBe(false);
    expect(localTime(new Date('2026-01-11T23:30:00Z'), 'Europe/Moscow')).toEqual({
      weekday: 'mon',
      minutes: 150,
      date: '2026-01-12',
      time: '02:30',
    });
  });

  it('runs a day whose end is before its start past midnight, into the next day', () => {
    const wt = workTime({
      enabled: true,
      time_zone: 'Asia/Almaty',
      days: {
        mon: { enabled: false },
        tue: { enabled: false },
        wed: { enabled: false },
        thu: { enabled: false },
        fri: { enabled: true, from: '20:00', to: '02:00' },
      },
    });
    // Almaty is UTC+5. Friday 2026-01-16 21:00, Saturday 01:59, Saturday 02:00, Friday 19:59.
    expect(isWithinWorkTime(wt, new Date('2026-01-16T16:00:00Z'))).toBe(true);
    expect(isWithinWorkTime(wt, new Date('2026-01-16T20:59:00Z'))).toBe(true);
    expect(isWithinWorkTime(wt, new Date('2026-01-16T21:00:00Z'))).toBe(false);
    expect(isWithinWorkTime(wt, new Date('2026-01-16T14:59:00Z'))).toBe(false);
  });

  it('takes equal start and end as the whole day, and 24:00 as midnight', () => {
    const wt = workTime({
      enabled: true,
      days: {
        mon: { enabled: true, from: '00:00', to: '00:00' },
        tue: { enabled: true, from: '12:00', to: '24:00' },
      },
    });
    expect(isWithinWorkTime(wt, new Date('2026-01-12T00:30:00Z'))).toBe(true);
    expect(isWithinWorkTime(wt, new Date('2026-01-13T20:59:00Z'))).toBe(true);
  });
});

describe('chat stops and pauses', () => {
  const now = new Date('2026-01-12T10:00:00Z');

  it('maps the stop periods of SPEC §4', () => {
    expect(stopFor('until_next_message', 3600, now)).toEqual({
      state: 'stopped',
      pausedUntil: null,
      pauseCode: null,
      resumeOnMessage: true,
    });
    expect(stopFor('forever', 3600, now)).toMatchObject({ state: 'stopped', resumeOnMessage: false });
    expect(stopFor('for_time', 600, now)).toMatchObject({
      state: 'paused',
      pausedUntil: new Date('2026-01-12T10:10:00Z'),
    });
  });

  it('maps the pause codes, and lets a pause expire on its own', () => {
    expect(pauseFor(1, now)).toMatchObject({ state: 'paused', pauseCode: 1, pausedUntil: null });
    expect(pauseFor(2, now).pausedUntil).toEqual(new Date('2026-01-13T10:00:00Z'));
    expect(pauseFor(3, now).pausedUntil).toEqual(new Date('2026-01-12T11:00:00Z'));
    expect(pauseFor(4, now).pausedUntil).toEqual(new Date('2026-01-12T10:10:00Z'));
    expect(pauseFor(4, now, true).pausedUntil).toEqual(new Date('2026-01-12T10:30:00Z'));
    const paused = pauseFor(3, now);
    expect(effectiveState(paused, new Date('2026-01-12T10:59:59Z'))).toBe('paused');
    expect(effectiveState(paused, new Date('2026-01-12T11:00:00Z'))).toBe('working');
    expect(effectiveState(pauseFor(1, now), new Date('2030-01-01T00:00:00Z'))).toBe('paused');
  });
});
