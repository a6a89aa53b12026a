/**
 * One business clock (docs/architecture.md "Time"): server code takes a business date from
 * app.clock.now() or the job's `now`. todayKst(now) requires the instant by type; the lint rule
 * `gpms/business-clock` (eslint.config.js, run by `npm test`'s lint over every server file) refuses
 * the ways around it. Here each way is planted in a server file and the project's own config must
 * refuse it, and the clock-taking forms must pass — so the rule cannot silently stop matching.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function clockErrors(code: string, filePath = 'server/modules/purchase/po/planted.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const header = "import { todayKst } from '../../../domain/dates.js';\n";

describe('the business-clock lint rule', { timeout: 60_000 }, () => {
  it.each([
    ['todayKst of the real time', 'export const day = (): string => todayKst(new Date());'],
    [
      'todayKst of the real time shifted',
      'export const day = (): string => todayKst(new Date(Date.now() - 86_400_000));',
    ],
    ['a day cut from new Date()', 'export const day = (): string => new Date().toISOString().slice(0, 10);'],
    [
      'a day cut from Date.now()',
      'export const since = (): string => new Date(Date.now() - 1).toISOString().slice(0, 10);',
    ],
    [
      'a `= new Date()` default',
      'export const expired = (until: string, now = new Date()): boolean => until < todayKst(now);',
    ],
    [
      'a typed `= new Date()` default',
      'export function late(due: string, now: Date = new Date()): boolean { return due < todayKst(now); }',
    ],
  ])('refuses %s', async (_what, code) => {
    const errors = await clockErrors(header + code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/business clock/);
  });

  it('lets the clock-taking forms pass', async () => {
    const code = [
      'export const day = (now: Date): string => todayKst(now);',
      'export const monthAgo = (now: Date): string => todayKst(new Date(now.getTime() - 30 * 86_400_000));',
      '// A technical stamp stays on the real time.',
      'export const stamp = (): string => new Date().toISOString();',
    ].join('\n');
    expect(await clockErrors(header + code)).toEqual([]);
  });

  it('leaves the sign-in machinery (tokens, throttles, keys) on the real clock', async () => {
    const code = 'export const lockedUntil = (now = new Date()): number => now.getTime() + 60_000;';
    expect(await clockErrors(code, 'server/auth/planted.ts')).toEqual([]);
  });

  describe('every other read of the real time in server/ (gpms/real-time-reason)', () => {
    async function unsorted(code: string, filePath = 'server/modules/purchase/po/planted.ts'): Promise<number> {
      const [result] = await eslint.lintText(code, { filePath });
      return result!.messages.filter((m) => m.ruleId === 'gpms/real-time-reason').length;
    }

    it.each([
      ['a bare new Date()', 'export const at = (): Date => new Date();'],
      ['a bare Date.now()', 'export const due = (): number => Date.now() + 86_400_000;'],
      ['a stamp other than updatedAt', 'export const row = () => ({ approvedAt: new Date() });'],
      ['a `real time:` comment with no reason', '// real time:\nexport const at = (): Date => new Date();'],
      ['a reason two lines above', '// real time: a lease\n\nexport const at = (): Date => new Date();'],
    ])('refuses %s', async (_what, code) => {
      expect(await unsorted(code)).toBe(1);
    });

    it.each([
      ['a reason on the line above', '// real time: a worker lease\nexport const at = (): Date => new Date();'],
      ['a reason on the same line', 'export const at = (): number => Date.now(); // real time: a latency'],
      [
        'a reason carried through its comment lines',
        '// Real time on purpose: a lease measured against\n// the window, not a date.\nexport const at = (): Date => new Date();',
      ],
      ['the updatedAt stamp', 'export const row = () => ({ updatedAt: new Date(), version: 2 });'],
    ])('lets %s pass', async (_what, code) => {
      expect(await unsorted(code)).toBe(0);
    });

    it('leaves the technical places alone: sign-in machinery, backup tools, the process start', async () => {
      const code = 'export const at = (): number => Date.now();';
      for (const file of ['server/auth/planted.ts', 'server/ops/planted.ts', 'server/main.ts'])
        expect(await unsorted(code, file)).toBe(0);
    });
  });
});
