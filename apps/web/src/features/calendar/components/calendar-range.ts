import dayjs, { type Dayjs } from 'dayjs';

export const CALENDAR_VIEWS = ['month', 'week', 'agenda'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

const FORMAT = 'YYYY-MM-DD';

/** Monday of the week of `day` (weeks start on Monday, ISO 8601, whatever the language). */
function weekStart(day: Dayjs): Dayjs {
  return day.subtract((day.day() + 6) % 7, 'day');
}

export interface CalendarRange {
  /** First and last day shown (YYYY-MM-DD): whole weeks for month and week, the month for the list. */
  from: string;
  to: string;
  /** Every day shown, in order. */
  days: string[];
  /** The month the view is about (month and list views), `YYYY-MM`. */
  month: string;
}

/** The days a view shows around the anchor date; a month grid spans at most 6 weeks (42 days ≤ 62). */
export function rangeOf(view: CalendarView, anchor: string): CalendarRange {
  const day = dayjs(anchor);
  let first: Dayjs;
  let last: Dayjs;
  if (view === 'week') {
    first = weekStart(day);
    last = first.add(6, 'day');
  } else if (view === 'month') {
    first = weekStart(day.startOf('month'));
    last = weekStart(day.endOf('month')).add(6, 'day');
  } else {
    first = day.startOf('month');
    last = day.endOf('month');
  }
  const days: string[] = [];
  for (let cursor = first; !cursor.isAfter(last, 'day'); cursor = cursor.add(1, 'day'))
    days.push(cursor.format(FORMAT));
  return { from: first.format(FORMAT), to: last.format(FORMAT), days, month: day.format('YYYY-MM') };
}

/** The anchor one step before (-1) or after (+1): a week in the week view, a month otherwise. */
export function step(view: CalendarView, anchor: string, direction: 1 | -1): string {
  const unit = view === 'week' ? 'week' : 'month';
  return dayjs(anchor).add(direction, unit).format(FORMAT);
}

export function today(): string {
  return dayjs().format(FORMAT);
}
