/**
 * The source of "now" for the features whose rules depend on the date (overdue, completion dates,
 * the daily jobs). Injected so that tests can stand at any instant, e.g. just before midnight in a
 * facility's time zone.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
