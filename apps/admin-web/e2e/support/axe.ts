import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  /** Selectors of (at most five of) the elements at fault. */
  where: string[];
}

interface AxeWindow {
  axe?: {
    run(
      context: Document,
      options: object,
    ): Promise<{
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
    }>;
  };
}

/**
 * The serious and critical WCAG 2.1 A/AA findings of axe-core on what the page shows now (axe.min.js evaluated in
 * the page, as the axe browser extension does: through the devtools protocol, which the app's CSP leaves alone).
 * An empty list is what a page must give.
 */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => Boolean((window as AxeWindow).axe)))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (window as AxeWindow).axe!.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      where: v.nodes.slice(0, 5).map((n) => n.target.map(String).join(' ')),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
