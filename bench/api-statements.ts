/**
 * The SQL an operation runs, recorded from Kysely's query log while its handler runs, and replayed
 * on a plain `pg` pool. Statements the handler started together (Promise.all) overlap in time and
 * are replayed together; the next group starts when the previous one ended, as in the handler.
 */
import pg from 'pg';
import { preparable, statementName } from '../server/db/lists/prepared-statements.js';

export interface Statement {
  sql: string;
  parameters: readonly unknown[];
  startMs: number;
  endMs: number;
}

/** Groups of statements that ran at the same time, in order. */
export function overlapGroups(statements: Statement[]): Statement[][] {
  const sorted = [...statements].sort((a, b) => a.startMs - b.startMs);
  const groups: Statement[][] = [];
  let groupEnd = -Infinity;
  for (const s of sorted) {
    if (groups.length === 0 || s.startMs >= groupEnd) {
      groups.push([s]);
      groupEnd = s.endMs;
    } else {
      groups[groups.length - 1].push(s);
      groupEnd = Math.max(groupEnd, s.endMs);
    }
  }
  return groups;
}

/** The first table of the statement's own FROM (not a subquery's). */
function outerFrom(sql: string): string {
  let depth = 0;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (depth === 0 && /^from\s/i.test(sql.slice(i, i + 5)) && /\s/.test(sql[i - 1] ?? ' '))
      return /^from\s+"?(\w+)"?/i.exec(sql.slice(i))?.[1] ?? '?';
  }
  return '?';
}

/** A short name for a statement in the results: its kind and the first table it reads. */
export function statementLabel(sql: string): string {
  const from = outerFrom(sql);
  if (/^select\s+count\(\*\)\s+as\s+"n"/i.test(sql)) return `count ${from}`;
  if (/\bgroup by\b/i.test(sql) && /\bsum\(/i.test(sql)) return `totals ${from}`;
  if (/\blimit\b/i.test(sql)) return `page ${from}`;
  return `select ${from}`;
}

// The app's own type parsers (server/db/connect.ts), so the driver does the same work.
const parsers: Record<number, (v: string) => unknown> = { 20: (v) => Number(v), 1082: (v) => v, 1700: (v) => v };

export function rawPool(url: string, max: number): pg.Pool {
  return new pg.Pool({
    connectionString: url,
    max,
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        parsers[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
}

/**
 * Runs the groups one after another, each group's statements at once; answers the rows read. A
 * statement the app sends named (`named`: the lists' kept statements, server/db/lists/prepared-statements.ts)
 * goes named here too, so the raw SQL is planned as the app's is.
 */
export async function replay(pool: pg.Pool, groups: Statement[][], named: (sql: string) => boolean): Promise<number> {
  let rows = 0;
  const send = (s: Statement) => {
    const values = s.parameters as unknown[];
    return named(s.sql) && preparable(s.sql, values)
      ? pool.query({ name: statementName(s.sql), text: s.sql, values })
      : pool.query(s.sql, values);
  };
  for (const group of groups) {
    const results = await Promise.all(group.map(send));
    for (const r of results) rows += r.rowCount ?? 0;
  }
  return rows;
}
