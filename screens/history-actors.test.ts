// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SYSTEM_JOB_ACTOR } from '../schemas/system-actor';
import { screenDefinitions } from './index';

/** Every column named `actorName` a definition holds, with where. */
function actorColumns(value: unknown, at: string, out: Array<{ at: string; column: Record<string, unknown> }>): void {
  if (Array.isArray(value)) value.forEach((v, i) => actorColumns(v, `${at}[${i}]`, out));
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (o.field === 'actorName') out.push({ at, column: o });
    for (const [key, v] of Object.entries(o)) actorColumns(v, `${at}.${key}`, out);
  }
}

/** Columns of answers that never hold a job's row: the contract's events (their role column says 시스템), the access log (people). */
const NO_JOBS = ['contract/', 'portal/system/accessLog'];

describe('history actors in screen definitions', () => {
  it('show the server’s jobs as the system, never by their id (a person never reads system:job)', () => {
    const found: Array<{ at: string; column: Record<string, unknown> }> = [];
    for (const { file, definition } of screenDefinitions) actorColumns(definition, file, found);
    const histories = found.filter((f) => !NO_JOBS.some((n) => f.at.includes(n)));
    expect(histories.length).toBeGreaterThanOrEqual(5);
    const raw = histories
      .filter(
        (f) =>
          f.column.type !== 'code' ||
          !(f.column.options as Array<{ value: string }> | undefined)?.some((o) => o.value === SYSTEM_JOB_ACTOR),
      )
      .map((f) => f.at);
    expect(raw).toEqual([]);
  });
});
