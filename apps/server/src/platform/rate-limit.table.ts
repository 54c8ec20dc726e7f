/** Request counters of the rate limits (platform/rate-limit.ts): one row per `<rule>:<caller>` key. */
export interface RateLimitBucketsTable {
  key: string;
  hits: number;
  windowStartedAt: string;
  windowEndsAt: string;
}
