/** Failed sign-in counters per key (`account:<email>` or `address:<ip>`), kept in the database so that every instance sees them. */
export interface LoginThrottleTable {
  key: string;
  failures: number;
  windowStartedAt: string;
  lockedUntil: string | null;
}
