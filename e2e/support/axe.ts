import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.1 A and AA rules. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string; summary: string }[];
}

interface AxeRunner {
  run(
    context: Document,
    options: { runOnly: { type: 'tag'; values: string[] }; resultTypes: string[] },
  ): Promise<{
    violations: {
      id: string;
      impact?: string | null;
      help: string;
      nodes: { target: unknown[]; failureSummary?: string }[];
    }[];
  }>;
}

/**
 * Runs axe-core on the page as it is and returns the WCAG 2.1 AA violations. The server's CSP forbids
 * inline scripts, so axe is evaluated through the DevTools protocol (page.evaluate), which the CSP does not
 * govern, instead of a <script> tag.
 */
export async function findAxeViolations(page: Page): Promise<AxeFinding[]> {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: AxeRunner };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      nodes: violation.nodes.slice(0, 5).map((node) => ({
        target: node.target.map(String).join(' '),
        summary: (node.failureSummary ?? '').split('\n').slice(0, 3).join(' | '),
      })),
    }));
  }, WCAG_21_AA);
}

/** The WCAG 2.1 AA violations of the page as it is, one line each, prefixed with `where` (for an assertion). */
export async function axeProblems(page: Page, where: string): Promise<string[]> {
  return (await findAxeViolations(page)).map(
    (finding) => `${where}: ${finding.id} (${finding.impact}) ${finding.help} ${JSON.stringify(finding.nodes)}`,
  );
}
