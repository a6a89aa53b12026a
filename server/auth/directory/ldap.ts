import fs from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import type { FastifyBaseLogger } from 'fastify';
import { Client, InvalidCredentialsError, type Entry } from 'ldapts';
import type { LdapConfig } from '../../config-integrations.js';
import type { DirectoryCheck, DirectoryProfile, DirectoryProvider } from '../providers.js';

/**
 * AD mode against the company's directory (Active Directory or any LDAP v3 server), issue 15:
 *
 * 1. a connection per login (ldap:// with optional StartTLS, or ldaps://), with connect and
 *    operation time limits, and the whole attempt bounded by twice the limit;
 * 2. a service bind (LDAP_BIND_DN) — or an anonymous search when none is configured — finds
 *    the user's entry by LDAP_USER_FILTER with {id} replaced by the escaped login id;
 * 3. an entry matching LDAP_DISABLED_FILTER is a disabled account (AUTH100) and is not bound;
 * 4. a bind as the user's DN with the password; Active Directory's diagnostic sub-codes tell a
 *    locked (775), disabled (533), expired (532, 773) or wrong (52e) password apart;
 * 5. the mapped attributes (name, e-mail, department, phone) come back for provisioning.
 *
 * Any other failure (refused connection, time-out, TLS, a broken service account) answers
 * AUTH_DIRECTORY_DOWN with the cause in the log: never a 500 and never a hang.
 */

/** RFC 4515 escaping of a value put into a search filter. */
export function escapeFilterValue(value: string): string {
  return value.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

export function userFilterFor(template: string, userId: string): string {
  return template.split('{id}').join(escapeFilterValue(userId));
}

/** Active Directory puts "data 52e" (and so on) in the diagnostic message of a refused bind. */
export function adBindCode(message: string): DirectoryCheck & { ok: false } {
  const sub = /data ([0-9a-f]{3,4})/i.exec(message)?.[1]?.toLowerCase();
  switch (sub) {
    case '525':
      return { ok: false, code: 'AUTH019' };
    case '530':
    case '531':
    case '533':
    case '701':
      return { ok: false, code: 'AUTH100' };
    case '532':
    case '773':
      return { ok: false, code: 'AUTH103' };
    case '775':
      return { ok: false, code: 'AUTH102' };
    default:
      return { ok: false, code: 'AUTH011' };
  }
}

function first(entry: Entry, attribute: string): string | null {
  const raw =
    entry[attribute] ?? entry[Object.keys(entry).find((k) => k.toLowerCase() === attribute.toLowerCase()) ?? ''];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === null) return null;
  const text = Buffer.isBuffer(value) ? value.toString('utf8') : String(value);
  return text.trim() === '' ? null : text.trim();
}

class DirectoryTimeout extends Error {}

async function withDeadline<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>(
        (_, reject) =>
          (timer = setTimeout(() => reject(new DirectoryTimeout(`no answer from the directory within ${ms} ms`)), ms)),
      ),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export function createLdapDirectory(config: LdapConfig, log: FastifyBaseLogger): DirectoryProvider {
  const tlsOptions: ConnectionOptions = {
    rejectUnauthorized: config.tlsVerify,
    ...(config.tlsCaFile ? { ca: fs.readFileSync(config.tlsCaFile) } : {}),
  };
  const attributes = [
    'dn',
    config.attributes.name,
    config.attributes.email,
    config.attributes.dept,
    config.attributes.phone,
  ];

  async function attempt(client: Client, userId: string, password: string): Promise<DirectoryCheck> {
    // A fresh copy: startTLS keeps the socket in the options object it is given.
    if (config.startTls) await client.startTLS({ ...tlsOptions });
    if (config.bindDn) await client.bind(config.bindDn, config.bindPassword ?? '');
    const filter = userFilterFor(config.userFilter, userId);
    const { searchEntries } = await client.search(config.baseDn, { scope: 'sub', filter, attributes, sizeLimit: 2 });
    if (searchEntries.length === 0) return { ok: false, code: 'AUTH019' };
    if (searchEntries.length > 1) {
      log.warn({ filter }, 'LDAP_USER_FILTER matches more than one entry: the login is refused');
      return { ok: false, code: 'AUTH019' };
    }
    const entry = searchEntries[0];
    const disabled = await client.search(entry.dn, {
      scope: 'base',
      filter: config.disabledFilter,
      attributes: ['dn'],
    });
    if (disabled.searchEntries.length > 0) return { ok: false, code: 'AUTH100' };
    try {
      // A user bind on the same connection; an empty password would be an anonymous bind.
      await client.bind(entry.dn, password);
    } catch (err) {
      if (err instanceof InvalidCredentialsError) return adBindCode(err.message);
      throw err;
    }
    const profile: DirectoryProfile = {
      dn: entry.dn,
      name: first(entry, config.attributes.name),
      email: first(entry, config.attributes.email),
      deptCode: first(entry, config.attributes.dept),
      phone: first(entry, config.attributes.phone),
    };
    return { ok: true, profile };
  }

  async function authenticate(userId: string, password: string): Promise<DirectoryCheck> {
    if (password === '') return { ok: false, code: 'AUTH011' };
    const client = new Client({
      url: config.url,
      timeout: config.timeoutMs,
      connectTimeout: config.timeoutMs,
      ...(config.url.startsWith('ldaps:') ? { tlsOptions: { ...tlsOptions } } : {}),
    });
    try {
      // Each step has the time limit; the whole attempt at most a few of them.
      return await withDeadline(config.timeoutMs * 3, attempt(client, userId, password));
    } catch (err) {
      log.error({ err, url: config.url }, 'the directory (LDAP) did not answer the login: AUTH_DIRECTORY_DOWN');
      return { ok: false, code: 'AUTH_DIRECTORY_DOWN' };
    } finally {
      client.unbind().catch(() => undefined);
    }
  }

  return {
    name: 'ldap',
    external: true,
    loginOptions: {
      provision: config.provision,
      defaultGroup: config.defaultGroup,
      deptGroups: config.deptGroups,
      log,
    },
    authenticate,
    async checkPassword(_db, userId, password) {
      return (await authenticate(userId, password)).ok;
    },
  };
}
