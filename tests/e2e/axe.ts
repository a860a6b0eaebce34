// Axe (axe-core) in a page of the browser tests: its source is put into the page as a script (the
// context must bypass the product's CSP, which allows no inline script), run on the whole document
// (open shadow roots too, so the widgets are checked), and its serious or critical violations are
// returned as lines that say the rule, where and what is wrong.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** The serious and critical violations on the page as it is now, one line per element; empty when none. */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: source });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }>; _audit: { rules: { id: string; impact?: string }[] } } }).axe;
    // A rule's impact is the most its violations can have: the minor and moderate ones (a third,
    // 'region' among them, which visits every element) could never fail the test, so they are not run.
    const weak = axe._audit.rules.filter((rule) => rule.impact === 'minor' || rule.impact === 'moderate');
    const result = await axe.run(document, { resultTypes: ['violations'], rules: Object.fromEntries(weak.map((rule) => [rule.id, { enabled: false }])) });
    return result.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })) }));
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.impact} ${violation.id} (${violation.help}) at ${JSON.stringify(node.target)}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ').trim()}`,
      ),
    );
}
