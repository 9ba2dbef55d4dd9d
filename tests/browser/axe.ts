// axe-core in the page, its script put in once per document (a page that navigates gets it again)
// rather than on every scan, as its Playwright wrapper does.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResults {
  violations: { id: string; help: string; nodes: { target: string[] }[] }[];
}

/**
 * Runs axe-core on the page and returns its violations as short lines (empty when clean): every rule,
 * or with `contrastOnly` only colour contrast (what a colour scheme can change).
 */
export async function axeViolations(page: Page, { contrastOnly = false } = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (only) =>
      (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }).axe.run(
        // Toasts are left out: each fades out on its own 5 s timer, and one that starts to leave while
        // axe scans reads as low contrast. At rest a toast is --text on --surface, the pair every
        // screen checks.
        { exclude: [['[data-rht-toaster]']] },
        only ? { runOnly: { type: 'rule', values: ['color-contrast'] } } : {},
      ),
    contrastOnly,
  );
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
