/** The test's clock of the date rules (see BuildOptions.now): made once, moved by the test. */

/** A clock the test moves: `clock.set('2026-03-10T12:00:00Z')`. */
export function testClock(start: string) {
  let now = new Date(start);
  const clock = () => new Date(now.getTime());
  clock.set = (instant: string) => {
    now = new Date(instant);
  };
  return clock;
}
