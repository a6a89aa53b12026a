import type { InsertObject, Kysely } from 'kysely';
import type { Database } from '../schema.generated.js';

// Parameters per statement stay well below PostgreSQL's 65,535 limit, and statements stay
// large enough that PGlite spends its time inserting rather than round-tripping.
const MAX_PARAMS_PER_INSERT = 20_000;

export async function insertAll<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: ReadonlyArray<InsertObject<Database, T>>,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).length;
  const batch = Math.max(1, Math.min(1000, Math.floor(MAX_PARAMS_PER_INSERT / columns)));
  for (let i = 0; i < rows.length; i += batch) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + batch) as InsertObject<Database, T>[])
      .execute();
  }
}
