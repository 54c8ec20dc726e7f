/**
 * The number a person reads for a task: its series sequence counted from one. The API keeps the
 * stored `sequence` (from zero, the unique key with the binding); every human-facing place (the task
 * page, the Tracker, the evidence pack's folders and index) shows this number so they all agree.
 */
export function taskNumberOf(sequence: number): number {
  return sequence + 1;
}
