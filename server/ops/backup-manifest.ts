import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

export const BACKUP_FORMAT = 'gpms-backup/1';

export interface ManifestEntry {
  /** Path inside the archive: `database/…` or `store/<key>`. */
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  app: { version: string; commit: string | null };
  database: {
    kind: 'pglite' | 'postgres';
    file: string;
    migration: string | null;
    migrations: number;
    counts: Record<string, number>;
  };
  store: { kind: 'disk' | 's3'; location: string; objects: number; bytes: number };
  entries: ManifestEntry[];
}

/** Tables whose row counts the manifest records and a restore compares: the documents an operator would miss first. */
const COUNTED_TABLES = [
  'company',
  'appUser',
  'prHeader',
  'poHeader',
  'settlement',
  'fileGroup',
  'fileEntry',
  'auditLog',
] as const;

/** The migration level (newest applied migration) and the counted tables' rows. */
export async function databaseFacts(
  db: Db,
): Promise<{ migration: string | null; migrations: number; counts: Record<string, number> }> {
  const m = await sql<{
    name: string | null;
    n: string;
  }>`select max(name) as name, count(*) as n from kysely_migration`.execute(db);
  const counts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    const r = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(r.n);
  }
  return { migration: m.rows[0]?.name ?? null, migrations: Number(m.rows[0]?.n ?? 0), counts };
}
