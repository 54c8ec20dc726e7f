import { addDays, dayOfWeek, todayInTimeZone } from '@rtms/shared/calendar-date';

/** The local hour (0–23) of `now` in `timeZone`. */
function hourInTimeZone(timeZone: string, now: Date): number {
  const hour = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' })
    .formatToParts(now)
    .find((part) => part.type === 'hour')?.value;
  return Number(hour);
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in ms. */
function offsetMs(timeZone: string, instant: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant at which the wall clock of `timeZone` shows `date` at `hour`:00 (the later one across a DST gap). */
export function instantAt(date: string, hour: number, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(year, month - 1, day, hour);
  const first = guess - offsetMs(timeZone, guess);
  return new Date(guess - offsetMs(timeZone, first));
}

/** Monday in calendar-date's dayOfWeek (0 = Sunday). */
const MONDAY = 1;

/**
 * Whether a digest is due now for a user, and when the next one is: daily at `hour` local time;
 * weekly on Monday at `hour`. `lastDigestOn` is the local day the last one went.
 */
export function digestSchedule(
  mode: 'DAILY_DIGEST' | 'WEEKLY_DIGEST',
  hour: number,
  timeZone: string,
  lastDigestOn: string | null,
  now: Date,
): { dueNow: boolean; next: Date } {
  const today = todayInTimeZone(timeZone, now);
  const isDigestDay = (date: string) => mode === 'DAILY_DIGEST' || dayOfWeek(date) === MONDAY;
  const reached = hourInTimeZone(timeZone, now) >= hour;
  const dueNow = isDigestDay(today) && reached && lastDigestOn !== today;
  let day = reached || lastDigestOn === today ? addDays(today, 1) : today;
  while (!isDigestDay(day)) day = addDays(day, 1);
  return { dueNow, next: instantAt(day, hour, timeZone) };
}
