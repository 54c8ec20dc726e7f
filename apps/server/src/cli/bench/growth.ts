/** One figure of a bench run, named the same in every run so that runs can be compared. */
export interface Figure {
  name: string;
  value: number;
  unit: 's' | 'ms' | 'MB' | '';
}

/**
 * Prints each figure at every size with its ratio to the first. The tasks table grows
 * five-fold from 100,000 to 500,000: a figure that a page shows should stay near 1×; one that grows like
 * the table (near the tasks' ratio) is flagged, since that page would keep slowing as data accumulates.
 * Generation and sweeps work on every task and may grow with them.
 */
export function printGrowth(print: (line?: string) => void, runs: readonly { tasks: number; figures: Figure[] }[]) {
  const [first, ...later] = runs;
  if (!first) return;
  const tasksRatio = (later.at(-1)?.tasks ?? first.tasks) / first.tasks;
  // Milliseconds under one (a CPU floor per request) with three decimals: with one they all read 0.0.
  const decimals = ({ unit, value }: Figure) => (unit === 's' ? 2 : unit === 'ms' ? (value < 1 ? 3 : 1) : 0);
  const format = (figure: Figure | undefined) =>
    figure === undefined ? '—' : `${figure.value.toFixed(decimals(figure))} ${figure.unit}`;
  print();
  print(
    `Growth: ${runs.map((run) => run.tasks.toLocaleString('en-US')).join(' → ')} tasks (${tasksRatio.toFixed(1)}×)`,
  );
  print(
    `${'figure'.padEnd(42)} ${runs.map((run) => `${Math.round(run.tasks / 1000)}k`.padStart(12)).join(' ')} ${'ratio'.padStart(7)}`,
  );
  for (const figure of first.figures) {
    if (figure.name === 'tasks') continue;
    const values = runs.map((run) => run.figures.find((candidate) => candidate.name === figure.name));
    const last = values.at(-1);
    // A load that got no answer within its run has no figure (its p95 reads 0): no ratio either.
    const ratio = last && figure.value > 0 && last.value > 0 ? last.value / figure.value : undefined;
    // Half of the table's growth or more: the figure follows the table (a p95 near the noise floor is not).
    const linear =
      ratio !== undefined && ratio >= 1 + (tasksRatio - 1) / 2 && figure.unit === 'ms' && figure.name.endsWith('p95');
    print(
      `${figure.name.padEnd(42)} ${values.map((value) => format(value).padStart(12)).join(' ')} ${
        ratio === undefined ? '      —' : `${ratio.toFixed(2)}×`.padStart(7)
      }${linear ? '  grows with the table' : ''}`,
    );
  }
}
