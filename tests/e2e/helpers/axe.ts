import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core's WCAG 2.1 A/AA rules in a page of the real app. The app's CSP allows no
 * inline script, so the source is evaluated through the DevTools protocol (page.evaluate), which
 * the CSP does not govern. Only violations are collected (resultTypes): passes are not needed and
 * cost most of axe's time on a page of grid cells.
 */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  /** One CSS selector (or frame/shadow path) per offending element. */
  targets: string[];
  /** axe's reason for the first element ("Element has insufficient color contrast of 3.98 …"). */
  summary: string;
}

interface AxeRun {
  violations: Array<{
    id: string;
    impact: string | null;
    help: string;
    nodes: Array<{ target: unknown[]; failureSummary?: string }>;
  }>;
}

/** Every WCAG 2.1 A/AA violation axe finds in the page as it is now, and the milliseconds it took. */
export async function axeViolations(page: Page): Promise<{ findings: AxeFinding[]; ms: number }> {
  const started = Date.now();
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const run = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<unknown> } }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    AXE_TAGS,
  );
  const findings = (run as AxeRun).violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    targets: v.nodes.map((n) => n.target.map(String).join(' >> ')),
    summary: (v.nodes[0]?.failureSummary ?? '').split('\n').slice(1).join(' ').trim(),
  }));
  return { findings, ms: Date.now() - started };
}

/** The findings a route must not have: serious and critical (moderate and minor are reported, not failed). */
export const blocking = (findings: AxeFinding[]) =>
  findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');

/** One line per finding: route, impact, rule id and the elements' selectors. */
export function describeFindings(route: string, findings: AxeFinding[]): string {
  return findings
    .map(
      (f) =>
        `${route} ${f.impact} ${f.rule} (${f.help}): ${f.targets.slice(0, 10).join(' | ')}${f.targets.length > 10 ? ` … ${f.targets.length} in all` : ''} — ${f.summary}`,
    )
    .join('\n');
}
