import { createDemoContext } from '../cli/demo/context';
import { DEMO_LOADERS } from '../cli/demo/loaders';
import type { TestApp } from './test-app';

/**
 * Runs the demo loaders in their order on a test app's database, leaving out those named in `skip`
 * (a test that makes its own data of that kind); answers the lines they printed.
 */
export async function loadDemoInto(t: TestApp, skip: readonly string[] = []): Promise<string[]> {
  const lines: string[] = [];
  const ctx = createDemoContext(t.database.db, t.config, (line) => lines.push(line));
  for (const loader of DEMO_LOADERS) {
    if (!skip.includes(loader.name)) await loader.load(ctx);
  }
  return lines;
}
