import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * SSO logout with id_token_hint (server/auth/oidc/logout.ts): a session that came
 * from OpenID Connect keeps the provider's ID token, encrypted (AES-256-GCM); the app's logout leaves
 * a one-time logout handle (its SHA-256 here) with which /auth/oidc/logout builds the provider's
 * end_session URL, then forgets both.
 */
const up_sql = `
alter table user_session add column id_token_enc text;
alter table user_session add column sso_logout_hash char(64);
create index user_session_sso_logout on user_session(sso_logout_hash) where sso_logout_hash is not null;
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
