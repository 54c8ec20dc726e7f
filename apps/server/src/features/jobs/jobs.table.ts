import type { Selectable } from 'kysely';

/** Who runs a daily job on a day: one row per (name, day), inserted by the instance that wins. */
export interface JobLeasesTable {
  name: string;
  /** The UTC calendar day the run is for. */
  day: string;
  /** The instance that holds the lease (host, pid and a random part). */
  owner: string;
  acquiredAt: string;
  finishedAt: string | null;
  /** JSON summary of the run. */
  result: string | null;
}

export type JobLeaseRow = Selectable<JobLeasesTable>;
