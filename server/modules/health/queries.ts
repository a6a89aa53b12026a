import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

/** The smallest statement: does the database answer? */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
