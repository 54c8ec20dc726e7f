/**
 * What keeps one run's records apart on a server that keeps the records of earlier runs: `run` goes into names
 * and emails, `code` (its last four characters, upper case) into facility codes and permit numbers.
 */
export function runStamp(): { run: string; code: string } {
  const run = Date.now().toString(36);
  return { run, code: run.slice(-4).toUpperCase() };
}
