/** What a measurement over HTTP needs from the run: its environment, day, connections, durations and soak. */
export interface RunSettings {
  env: Record<string, string>;
  today: string;
  /** BENCH_CONNECTIONS: concurrent connections of each measurement. */
  connections: number;
  /** BENCH_DURATION: seconds per measurement. */
  durationSeconds: number;
  /** BENCH_MIXED_SECONDS: seconds of the mixed load. */
  mixedSeconds: number;
  /** The soak's signed-in users and its length in seconds (BENCH_SOAK_SECONDS; 0 skips it). */
  soak: { tokens: string[]; seconds: number };
}
