import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import type { OidcConfig } from '../../config-integrations.js';
import type { Db } from '../../db/connect.js';
import type { AuthCode } from '../codes.js';
import type { SsoProvider } from '../providers.js';

/**
 * SSO mode over OpenID Connect (issue 15), for ADFS or any OpenID provider, with openid-client:
 *
 * - GET /auth/oidc/start: a login in flight is recorded (state, nonce, PKCE verifier, where to
 *   return) and the browser goes to the provider's authorization endpoint (code flow, S256).
 * - GET /auth/oidc/callback: the code is exchanged with the verifier; openid-client checks the
 *   state, the ID token's signature (provider JWKS), issuer, audience, expiry and nonce, with the
 *   spec's 5-minute clock tolerance (§8, §9). The login id is the configured claim. The browser
 *   then returns to /login with a one-time ticket (60 s, stored hashed), which the login page
 *   exchanges for a session at POST /api/v1/login like any SSO assertion.
 * - GET /auth/oidc/logout: the provider's end_session endpoint, when it offers one, with the
 *   session's ID token as id_token_hint (server/auth/oidc/logout.ts).
 *
 * Any failure answers a spec code (AUTH006 token not for us, AUTH008 expired, AUTH003 nobody,
 * AUTH_SSO_DOWN provider away), which the login page handles as an SSO failure: /authReq in
 * SSO mode, the AD form in SSO_AD mode (spec §4).
 */
const CLOCK_TOLERANCE_SEC = 300;
const LOGIN_TTL_SEC = 600;
const TICKET_TTL_SEC = 60;

type CallbackResult = { ok: true; ticket: string; moveUrl: string | null } | { ok: false; code: AuthCode };

export interface OidcService extends SsoProvider {
  start(moveUrl: string | null): Promise<{ ok: true; url: string } | { ok: false; code: AuthCode }>;
  callback(currentUrl: URL): Promise<CallbackResult>;
  /** The provider's end_session URL (with id_token_hint when the session's ID token is given), or null. */
  endSessionUrl(idToken?: string | null): Promise<string | null>;
}

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/** Which spec code an openid-client error means for the user. */
function codeForError(err: unknown): AuthCode {
  const e = err as { code?: string; message?: string; cause?: unknown; error?: string };
  const text = `${e.code ?? ''} ${e.message ?? ''}`;
  if (/\bexp\b|expired|"exp"/i.test(text)) return 'AUTH008';
  if (e.code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return 'AUTH008';
  if (
    e.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' ||
    e.code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' ||
    e.code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' ||
    /signature|aud|iss|nonce|JWS|JWT/i.test(text)
  )
    return 'AUTH006';
  if (e.error) return 'AUTH006';
  if (
    /fetch failed|ECONNREFUSED|ENOTFOUND|timeout|aborted/i.test(text) ||
    (e.cause && /ECONNREFUSED|ENOTFOUND|timeout/i.test(String((e.cause as Error).message ?? e.cause)))
  )
    return 'AUTH_SSO_DOWN';
  return 'AUTH006';
}

export function createOidcService(config: OidcConfig, db: () => Db, log: FastifyBaseLogger): OidcService {
  let discovered: Promise<client.Configuration> | null = null;
  const configuration = (): Promise<client.Configuration> => {
    discovered ??= client
      .discovery(
        new URL(config.issuer),
        config.clientId,
        {
          ...(config.clientSecret ? { client_secret: config.clientSecret } : {}),
          [client.clockTolerance]: CLOCK_TOLERANCE_SEC,
        },
        config.clientSecret ? client.ClientSecretPost(config.clientSecret) : client.None(),
        {
          execute: config.allowInsecure
            ? [client.allowInsecureRequests, client.enableNonRepudiationChecks]
            : [client.enableNonRepudiationChecks],
          timeout: 10,
        },
      )
      .catch((err: unknown) => {
        discovered = null; // try again on the next login
        throw err;
      });
    return discovered;
  };

  return {
    name: 'oidc',

    async start(moveUrl) {
      let cfg: client.Configuration;
      try {
        cfg = await configuration();
      } catch (err) {
        log.error({ err, issuer: config.issuer }, 'OpenID provider discovery failed: AUTH_SSO_DOWN');
        return { ok: false, code: 'AUTH_SSO_DOWN' };
      }
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      const now = Date.now();
      await db().deleteFrom('oidcLogin').where('expiresAt', '<', new Date(now).toISOString()).execute();
      await db()
        .insertInto('oidcLogin')
        .values({
          state,
          nonce,
          codeVerifier,
          moveUrl: moveUrl?.slice(0, 1000) ?? null,
          expiresAt: new Date(now + LOGIN_TTL_SEC * 1000),
        })
        .execute();
      const params: Record<string, string> = {
        redirect_uri: config.redirectUri,
        scope: config.scopes,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      };
      if (config.resource) params.resource = config.resource;
      return { ok: true, url: client.buildAuthorizationUrl(cfg, params).href };
    },

    async callback(currentUrl) {
      const state = currentUrl.searchParams.get('state') ?? '';
      const pending = state
        ? await db().selectFrom('oidcLogin').selectAll().where('state', '=', state).executeTakeFirst()
        : undefined;
      if (!pending || pending.usedAt || Date.parse(pending.expiresAt) < Date.now()) {
        log.info({ state: state.slice(0, 8) }, 'OIDC callback with an unknown, used or expired state');
        return { ok: false, code: 'AUTH008' };
      }
      // One use only, whatever happens next.
      const claimed = await db()
        .updateTable('oidcLogin')
        .set({ usedAt: new Date() })
        .where('state', '=', state)
        .where('usedAt', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return { ok: false, code: 'AUTH008' };
      const idpError = currentUrl.searchParams.get('error');
      if (idpError) {
        log.info(
          { idpError, description: currentUrl.searchParams.get('error_description') },
          'the OpenID provider refused the login',
        );
        return { ok: false, code: 'AUTH003' };
      }
      let raw: unknown;
      let idToken: string | undefined;
      try {
        const cfg = await configuration();
        const tokens = await client.authorizationCodeGrant(cfg, currentUrl, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        idToken = tokens.id_token;
        raw = claims?.[config.userClaim];
        // Providers that keep profile claims out of the ID token (conforming code flow) answer them at userinfo.
        if (raw === undefined && claims && tokens.access_token && cfg.serverMetadata().userinfo_endpoint) {
          raw = (await client.fetchUserInfo(cfg, tokens.access_token, claims.sub))[config.userClaim];
        }
      } catch (err) {
        const code = codeForError(err);
        log.warn({ err, code }, 'OIDC login refused');
        return { ok: false, code };
      }
      if (typeof raw !== 'string' || raw.trim() === '') {
        log.warn({ claim: config.userClaim }, 'the ID token lacks the configured user claim (OIDC_USER_CLAIM)');
        return { ok: false, code: 'AUTH003' };
      }
      const userId = loginIdFromClaim(raw, config.userClaim);
      const ticket = crypto.randomBytes(32).toString('base64url');
      await db()
        .updateTable('oidcLogin')
        .set({
          ticketHash: sha256(ticket),
          userId: userId.slice(0, 50),
          idToken: idToken ?? null,
          expiresAt: new Date(Date.now() + TICKET_TTL_SEC * 1000),
        })
        .where('state', '=', state)
        .execute();
      return { ok: true, ticket, moveUrl: pending.moveUrl };
    },

    /** The SSO assertion of POST /api/v1/login: the one-time ticket of a finished OIDC login. */
    async resolve(form) {
      const ticket =
        typeof form.ssoToken === 'string' ? form.ssoToken : typeof form.token === 'string' ? form.token : '';
      if (!ticket) return { ok: false, code: 'AUTH003' };
      const row = await db()
        .selectFrom('oidcLogin')
        .select(['state', 'userId', 'expiresAt', 'idToken'])
        .where('ticketHash', '=', sha256(ticket))
        .executeTakeFirst();
      if (!row?.userId) return { ok: false, code: 'AUTH003' };
      // The ticket is spent at once (deleting the row), whether or not it is still valid.
      const spent = await db().deleteFrom('oidcLogin').where('state', '=', row.state).executeTakeFirst();
      if (Number(spent.numDeletedRows) !== 1) return { ok: false, code: 'AUTH003' };
      if (Date.parse(row.expiresAt) < Date.now()) return { ok: false, code: 'AUTH008' };
      return { ok: true, userId: row.userId, ...(row.idToken ? { idToken: row.idToken } : {}) };
    },

    async endSessionUrl(idToken) {
      try {
        const cfg = await configuration();
        if (!cfg.serverMetadata().end_session_endpoint) return null;
        // Providers may refuse post_logout_redirect_uri (or ask the user to confirm) without id_token_hint.
        return client.buildEndSessionUrl(cfg, {
          client_id: config.clientId,
          ...(idToken ? { id_token_hint: idToken } : {}),
          ...(config.postLogoutRedirectUri ? { post_logout_redirect_uri: config.postLogoutRedirectUri } : {}),
        }).href;
      } catch (err) {
        log.warn({ err }, 'OpenID provider unreachable for logout');
        return null;
      }
    },
  };
}

/**
 * The login id from the claim: ADFS's upn and e-mail claims carry a domain
 * (kim@corp.example.co.kr) while our ids do not; the part before @ is the id. Other claims
 * (sAMAccountName, a custom employee-number claim) are used as they are.
 */
export function loginIdFromClaim(value: string, claim: string): string {
  const v = value.trim();
  if ((claim === 'upn' || claim === 'email' || claim === 'preferred_username') && v.includes('@'))
    return v.slice(0, v.indexOf('@'));
  // ADFS "winaccountname" style: DOMAIN\\kim
  return v.includes('\\') ? v.slice(v.lastIndexOf('\\') + 1) : v;
}
