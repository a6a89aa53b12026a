import { sql, type Kysely } from 'kysely';

/**
 * Runs a DDL script statement by statement: PGlite's extended-protocol query() accepts one
 * statement at a time, and splitting keeps both drivers on exactly the same SQL.
 * Scripts must not contain semicolons inside literals.
 */
export async function runSqlScript(db: Kysely<unknown>, script: string): Promise<void> {
  const statements = script
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s.length > 0);
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
