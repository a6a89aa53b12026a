import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/connect.js';
import { scopeToCompany } from '../db/company-scope.js';
import { RequestConnection } from '../db/supplier-role.js';
import { readerFor } from '../http/read-replica.js';
import type { Portal } from '../http/access.js';
import { AUTH_CODES } from './codes.js';
import { createLocalDirectory, type DirectoryProvider, type SsoProvider } from './providers.js';
import { loadSigningKey } from './secrets.js';
import { SigningKeyRing } from './signing-keys.js';
import { callerKey, createCallerCache, type CallerAnswer, type CallerEmployee } from './caller-cache.js';
import { sameAnswer, type PendingAuthCheck } from './check-beside.js';
import { prependRouteHook } from '../http/route-hooks.js';
import { findCallerSessionHolding, readAuthVersion } from './sessions.js';
import { AccessTokens, TokenError } from './tokens.js';
import { createLocalSso } from './local-sso.js';
import { createLdapDirectory } from './directory/ldap.js';
import { createOidcService, type OidcService } from './oidc/oidc.js';
import { createSender, type Sender } from './sender.js';
import { withNotificationOutbox } from '../modules/notifications/sender.js';

/** Who is calling, from a verified access token whose session is still open. */
export interface Caller {
  userId: string;
  sessionId: string;
  portal: Portal;
  authGroupId: string;
  compNo: string | null;
  /**
   * The user's employee row as the authentication answer read it; absent where the answer found none
   * (an employee added since is not announced by the authority version) or a caller is made without
   * one (jobs, tests): `internalActor` then reads it.
   */
  employee?: CallerEmployee;
}

interface AuthServices {
  tokens(): Promise<AccessTokens>;
  directory: DirectoryProvider;
  sso: SsoProvider;
  sender: Sender;
  /** SSO over OpenID Connect, when OIDC_ISSUER is configured (it is then also the SSO provider). */
  oidc: OidcService | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthServices;
  }
  interface FastifyRequest {
    caller: Caller | null;
    /** The database as this caller may see it: limited to its own company for supplier users. */
    db: Db;
    /** The authority check still running beside the handler (check-beside.ts), settled before the answer leaves. */
    authCheck: PendingAuthCheck | null;
  }
  interface FastifyContextConfig {
    /** Set at start-up for read-only lists: answered beside the authority check (check-beside.ts). */
    authBeside?: boolean;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header && /^Bearer\s+\S+$/i.test(header)) return header.replace(/^Bearer\s+/i, '');
  const plain = request.headers.accesstoken;
  return typeof plain === 'string' && plain.length > 0 ? plain : null;
}

function deny(reply: FastifyReply, status: number, code: string, msg: string) {
  return reply.status(status).send({ statusCode: status, code, msg });
}

/**
 * Authentication and authorization for every API route, from the route's declared access:
 * a verified token, an open session, the portal named by IsCyber, the menu authority of the
 * caller's group, and for supplier users a database limited to their own company.
 */
export const authPlugin = fp(async function authPlugin(app) {
  let tokensPromise: Promise<AccessTokens> | null = null;
  const oidc = app.config.oidc ? createOidcService(app.config.oidc, () => app.dbh.db, app.log) : null;
  const services: AuthServices = {
    // The key is read from the database on first use, so building the app needs no database.
    tokens: () =>
      (tokensPromise ??= loadSigningKey(app.dbh.db).then(
        (root) =>
          new AccessTokens(
            root,
            new SigningKeyRing(() => app.dbh.db, app.config.tokenKeyCacheSec),
            app.config.accessTokenTtlSec,
          ),
      )),
    directory: app.config.ldap ? createLdapDirectory(app.config.ldap, app.log) : createLocalDirectory(),
    sso: oidc ?? createLocalSso(() => services.tokens()),
    oidc,
    sender: withNotificationOutbox(app, createSender(app.config, app.log)),
  };
  app.decorate('auth', services);
  app.decorateRequest('caller', null);
  app.decorateRequest('db', null as unknown as Db);
  app.decorateRequest('authCheck', null);

  // Answers kept while the authority version stands (caller-cache.ts). The version as the handle
  // knows it by notification (authority-watch.ts): no statement; read only while it is not known.
  const callers = createCallerCache();
  const authority = app.dbh.authority;
  async function versionNow(): Promise<string | null> {
    const known = authority.known();
    if (known !== null) return known;
    const epoch = authority.epoch();
    const version = await readAuthVersion(app.dbh.db);
    if (version !== null) authority.learned(version, epoch);
    return version;
  }
  async function callerOf(
    sessionId: string,
    screens: string[],
    level: 'read' | 'write',
  ): Promise<CallerAnswer | undefined> {
    const key = callerKey(sessionId, screens, level);
    if (callers.has(key)) {
      const version = await versionNow();
      const kept = version === null ? undefined : callers.get(key, version);
      if (kept) return kept;
    }
    return freshCaller(key, sessionId, screens, level);
  }
  // The session and the group's menu authority for this route in one statement, with the version.
  async function freshCaller(
    key: string,
    sessionId: string,
    screens: string[],
    level: 'read' | 'write',
  ): Promise<CallerAnswer | undefined> {
    const epoch = authority.epoch();
    const row = await findCallerSessionHolding(app.dbh.db, sessionId, screens, level);
    if (!row) {
      // Ended, expired or its user barred: no answer of this session may start a list beside the check again.
      callers.forgetSession(sessionId);
      return undefined;
    }
    const employee =
      row.employeeId === null
        ? null
        : {
            singleid: row.employeeId,
            hname: row.employeeName!,
            section: row.employeeSection!,
            deptcd: row.employeeDeptcd!,
          };
    const answer: CallerAnswer = {
      sessionId: row.sessionId,
      userId: row.userId,
      portal: row.portal,
      authGroupId: row.authGroupId,
      compNo: row.compNo,
      holdsScreen: row.holdsScreen === true,
      employee,
    };
    if (row.authVersion !== null && row.authVersion !== undefined) {
      callers.set(key, String(row.authVersion), row.expiredDate, answer);
      authority.learned(String(row.authVersion), epoch);
    }
    return answer;
  }

  /**
   * A read-only list's caller from the kept answer, its version read beside the handler
   * (check-beside.ts); undefined when nothing usable is kept (the sequential check then runs).
   */
  function callerBeside(
    request: FastifyRequest,
    sessionId: string,
    screens: string[],
    level: 'read' | 'write',
  ): CallerAnswer | undefined {
    const key = callerKey(sessionId, screens, level);
    const kept = callers.peek(key);
    if (!kept || !kept.answer.holdsScreen) return undefined;
    const current = versionNow().then(
      (version) => ({ version }),
      (error: unknown) => ({ error }),
    );
    request.authCheck = { key, sessionId, screens, level, version: kept.version, answer: kept.answer, current };
    return kept.answer;
  }

  /** The list's answer leaves only once the caller's authority is confirmed; else the refusal it would have met. */
  async function settleAuthCheck(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const pending = request.authCheck;
    if (!pending) return payload;
    request.authCheck = null;
    const current = await pending.current;
    if ('error' in current) {
      // An error answer (the database out of reach for the handler too, say) carries no rows: it goes as it is.
      if (reply.statusCode >= 400) return payload;
      throw current.error;
    }
    if (current.version !== null && current.version === pending.version) {
      app.metrics.authCheckBeside('confirmed');
      return payload;
    }
    const fresh = await freshCaller(pending.key, pending.sessionId, pending.screens, pending.level);
    if (fresh && sameAnswer(fresh, pending.answer)) {
      app.metrics.authCheckBeside('rechecked');
      return payload;
    }
    app.metrics.authCheckBeside('refused');
    // Revoked, or no longer holding the screen; a caller regrouped or moved to another company during
    // the request is refused too: the answer was computed for the authority it no longer has.
    const [status, code] = fresh ? [403, 'GPMS006' as const] : [401, 'GPMS005' as const];
    reply.code(status).type('application/json; charset=utf-8');
    return JSON.stringify({ statusCode: status, code, msg: AUTH_CODES[code] });
  }
  app.addHook('onRoute', (route) => {
    if (route.config?.authBeside) prependRouteHook(route, 'onSend', settleAuthCheck);
  });

  app.addHook('onRequest', async (request, reply) => {
    request.caller = null;
    request.db = app.dbh.db;
    request.authCheck = null;
    const access = request.routeOptions.config?.access;
    if (!access) return;

    const token = bearerToken(request);
    let expired = false;
    let holdsScreen = false;
    if (token) {
      try {
        const claims = await (await services.tokens()).verify(token);
        const screens = access.kind === 'login' ? access.screens : [];
        const level = access.kind === 'login' ? access.level : 'read';
        const beside =
          request.routeOptions.config?.authBeside === true
            ? callerBeside(request, claims.sessionId, screens, level)
            : undefined;
        const session = beside ?? (await callerOf(claims.sessionId, screens, level));
        if (session && session.userId === claims.userId && session.portal === claims.portal) {
          request.caller = {
            userId: session.userId,
            sessionId: session.sessionId,
            portal: session.portal,
            authGroupId: session.authGroupId,
            compNo: session.compNo,
            ...(session.employee ? { employee: session.employee } : {}),
          };
          holdsScreen = session.holdsScreen;
        }
      } catch (err) {
        if (!(err instanceof TokenError)) throw err;
        expired = err.reason === 'expired';
      }
    }
    const caller = request.caller;
    if (caller?.portal === 'X') {
      if (!caller.compNo) return deny(reply, 403, 'GPMS006', AUTH_CODES.GPMS006);
      request.db = scopeToCompany(app.dbh.db, caller.compNo);
      // PostgreSQL: the request's statements share one connection and its supplier reads one
      // transaction, role and company set once (supplier-role.ts RequestConnection); given back
      // when the answer is sent (statement-tally.ts). PGlite sends each as one message already.
      const tally = request.statementTally;
      if (tally) tally.supplier = true;
      if (app.dbh.kind === 'postgres' && tally && !tally.held) tally.held = new RequestConnection();
    }
    if (access.kind === 'public') return;

    if (!caller)
      return expired
        ? deny(reply, 401, 'AUTH008', AUTH_CODES.AUTH008)
        : deny(reply, 401, 'GPMS005', AUTH_CODES.GPMS005);
    const isCyber = request.headers.iscyber;
    if ((isCyber === 'Y' && caller.portal !== 'X') || (isCyber === 'N' && caller.portal !== 'I')) {
      return deny(reply, 403, 'PORTAL_MISMATCH', '요청한 포털과 로그인한 포털이 다릅니다');
    }
    if (access.portals && !access.portals.includes(caller.portal))
      return deny(reply, 403, 'GPMS006', AUTH_CODES.GPMS006);
    if (!holdsScreen) return deny(reply, 403, 'GPMS006', AUTH_CODES.GPMS006);
    // A staff member's report or read-only list reads the replica when it is close enough (read-replica.ts).
    request.db = readerFor(request, request.db);
  });
});
