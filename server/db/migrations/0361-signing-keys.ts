import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Access-token signing keys that rotate (server/auth/signing-keys.ts). The newest
 * key signs; every key not yet retired verifies, found by the token's `kid`. A rotation retires the
 * previous key when the last token it signed expires (or at once, for a key thought stolen). Kept in
 * the database so every server on it signs and verifies alike. The first key (`k0`) is the key of
 * server_secret 'jwt-hs256', so tokens signed before this migration (no kid) stay valid.
 */
const up_sql = `
create table signing_key (
  kid        varchar(40) primary key,
  secret     text not null,
  created_at timestamptz not null default now(),
  retires_at timestamptz
);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
