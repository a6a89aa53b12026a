import type { Db } from '../db/connect.js';
import type { AuthCode } from './codes.js';
import type { DirectoryLoginOptions } from './directory/login.js';
import crypto from 'node:crypto';
import { hashPassword, verifyPassword } from './password.js';

/**
 * The seams for the login modes (spec §4). AD mode checks an id and password against a
 * directory; SSO mode trusts an assertion from the company's identity provider. The defaults
 * below use our own users table and our own signed tickets; real LDAP and OIDC providers
 * implement the same interfaces (docs/auth.md).
 */
export interface DirectoryProvider {
  readonly name: string;
  /** True when the password is right for this login id. Account states are checked by the caller. */
  checkPassword(db: Db, userId: string, password: string): Promise<boolean>;
  /**
   * A directory that holds the staff accounts itself (LDAP / Active Directory): it answers the
   * whole outcome, including its own account states and the attributes for provisioning.
   * Internal-portal logins then go through authenticate; suppliers keep our own passwords.
   */
  readonly external?: boolean;
  authenticate?(userId: string, password: string): Promise<DirectoryCheck>;
  /** Provisioning rules for accounts the directory knows and we do not yet. */
  readonly loginOptions?: DirectoryLoginOptions;
}

/** What a directory knows of a person (LDAP_ATTRIBUTES maps its attribute names). */
export interface DirectoryProfile {
  dn: string;
  name: string | null;
  email: string | null;
  deptCode: string | null;
  phone: string | null;
}

export type DirectoryCheck =
  | { ok: true; profile: DirectoryProfile }
  | { ok: false; code: 'AUTH011' | 'AUTH019' | 'AUTH100' | 'AUTH102' | 'AUTH103' | 'AUTH_DIRECTORY_DOWN' };

export interface SsoProvider {
  readonly name: string;
  /** The login id the assertion vouches for (with the provider's ID token, kept for its logout), or the code to answer. */
  resolve(
    form: Record<string, unknown>,
  ): Promise<{ ok: true; userId: string; idToken?: string } | { ok: false; code: AuthCode }>;
}

/**
 * Our own users table. An unknown id is checked against a decoy hash of a random secret, so an
 * unknown id and a wrong password take the same time and the answer time reveals nothing.
 */
export function createLocalDirectory(): DirectoryProvider {
  const decoy = hashPassword(crypto.randomBytes(16).toString('hex'));
  return {
    name: 'local',
    async checkPassword(db, userId, password) {
      const row = await db.selectFrom('appUser').select('passwordHash').where('userId', '=', userId).executeTakeFirst();
      if (!row?.passwordHash) {
        await verifyPassword(await decoy, password);
        return false;
      }
      return verifyPassword(row.passwordHash, password);
    },
  };
}
