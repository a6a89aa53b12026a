// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The PGlite worker keeps answers of statements it proves read-only and time-independent
 * (server/db/pglite/answer-rule.mjs); it judges a function by its volatility in the catalogue and
 * cannot see into a view. So the server's SQL creates no view or rule, and every function is a
 * trigger function or declared immutable or stable — and a non-trigger function does not read the
 * clock, randomness or a sequence. (docs/contributing.md, "A SQL function or view".)
 */
function sqlObjectProblems(text: string): string[] {
  const problems: string[] = [];
  for (const m of text.matchAll(
    /\bcreate\s+(?:or\s+replace\s+)?(?:temp(?:orary)?\s+)?(?:materialized\s+|recursive\s+)?(view|rule)\b/gi,
  )) {
    problems.push(`creates a ${m[1].toLowerCase()} (${text.slice(m.index, m.index + 60).replace(/\s+/g, ' ')})`);
  }
  for (const m of text.matchAll(/\bcreate\s+(?:or\s+replace\s+)?function\s+([\w."]+)/gi)) {
    const name = m[1];
    const rest = text.slice(m.index);
    const open = /\$(\w*)\$/.exec(rest);
    if (!open) {
      problems.push(`function ${name}: its body is not in dollar quotes`);
      continue;
    }
    const close = rest.indexOf(open[0], open.index + open[0].length);
    if (close < 0) {
      problems.push(`function ${name}: its body is not closed`);
      continue;
    }
    const body = rest.slice(open.index + open[0].length, close);
    const after = rest.slice(close + open[0].length);
    const end = after.search(/[;`]/);
    const head = `${rest.slice(0, open.index)} ${end < 0 ? after : after.slice(0, end)}`.toLowerCase();
    if (/\breturns\s+trigger\b/.test(head)) continue;
    if (!/\b(immutable|stable)\b/.test(head))
      problems.push(`function ${name}: neither a trigger function nor immutable/stable (volatile)`);
    const moving =
      /\b(now|current_date|current_time|current_timestamp|localtime|localtimestamp|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|random|nextval|setval|gen_random_uuid|today|tomorrow|yesterday)\b/i.exec(
        body,
      );
    if (moving) problems.push(`function ${name}: reads ${moving[1]}`);
  }
  return problems;
}

const migrations = path.resolve(import.meta.dirname, '../../../server/db/migrations');

describe('the migrations create nothing the answer cache cannot judge', () => {
  it('no view or rule; every function a trigger function or immutable/stable, not reading the clock', () => {
    const files = fs.readdirSync(migrations).filter((f) => /^\d{4}-.*\.ts$/.test(f));
    expect(files.length).toBeGreaterThan(40);
    const found = files.flatMap((f) =>
      sqlObjectProblems(fs.readFileSync(path.join(migrations, f), 'utf8')).map((p) => `${f}: ${p}`),
    );
    expect(found).toEqual([]);
  });

  it('the guard finds each kind of statement it refuses', () => {
    expect(
      sqlObjectProblems(
        'create function next_number() returns int language sql as $$ update c set n = n + 1 returning n $$;',
      ),
    ).toEqual(['function next_number: neither a trigger function nor immutable/stable (volatile)']);
    expect(
      sqlObjectProblems('create or replace function f(x int) returns int as $f$ select x $f$ language sql volatile;'),
    ).toHaveLength(1);
    expect(
      sqlObjectProblems('create function due() returns date language sql stable as $$ select current_date $$'),
    ).toEqual(['function due: reads current_date']);
    expect(
      sqlObjectProblems("create function d() returns date as $$ select 'today'::date $$ language sql immutable;"),
    ).toEqual(['function d: reads today']);
    expect(sqlObjectProblems('create view open_po as select * from po_header where due_date < now()')).toHaveLength(1);
    expect(sqlObjectProblems('CREATE MATERIALIZED VIEW m AS select 1')).toHaveLength(1);
    expect(sqlObjectProblems('create rule r as on select to t do instead select 1')).toHaveLength(1);
    expect(sqlObjectProblems("create function f() returns int as 'select 1' language sql")).toEqual([
      'function f: its body is not in dollar quotes',
    ]);
    // Allowed: a trigger function (it runs only inside a write) and an immutable one after its body.
    expect(
      sqlObjectProblems(
        'create function t() returns trigger language plpgsql as $$ begin new.at := now(); return new; end $$;',
      ),
    ).toEqual([]);
    expect(
      sqlObjectProblems('create function h(x text) returns text as $$ select md5(x) $$ language sql immutable;'),
    ).toEqual([]);
  });
});
