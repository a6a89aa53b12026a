import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import Provider from 'oidc-provider';

/**
 * An OpenID provider for the tests (oidc-provider on localhost), standing in for ADFS: code flow
 * with PKCE, its development login form (any login id), RP-initiated logout. The test may take
 * over the token endpoint to answer ID tokens it signs itself with the provider's key (tampered,
 * wrong audience, expired) — what a broken or hostile provider could send.
 */
export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Sign an ID token with the provider's own key. */
  sign(claims: Record<string, unknown>): Promise<string>;
  /** While set, POST /token answers this (id_token made by the function) instead of the provider. */
  overrideToken(make: (() => Promise<string>) | null): void;
  stop(): Promise<void>;
}

export async function startTestIdp(options: {
  redirectUri: string;
  postLogoutRedirectUri: string;
  port?: number;
}): Promise<TestIdp> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  const clientId = 'gpms';
  const clientSecret = 'gpms-client-Secret-1';
  let override: (() => Promise<string>) | null = null;

  const server = http.createServer();
  await new Promise<void>((r) => server.listen(options.port ?? 0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        post_logout_redirect_uris: [options.postLogoutRedirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    claims: { openid: ['sub'], email: ['email'], profile: ['upn', 'name'] },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        claims: async () => ({ sub: id, upn: `${id}@corp.test`, email: `${id}@corp.test`, name: id }),
      };
    },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    cookies: { keys: ['test-cookie-key-1'] },
  });
  const handler = provider.callback();
  server.on('request', (req, res) => {
    if (override && req.method === 'POST' && req.url?.startsWith('/token')) {
      const make = override;
      req.resume();
      void make().then((idToken) => {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(
          JSON.stringify({
            access_token: 'test-access-token',
            token_type: 'Bearer',
            expires_in: 300,
            id_token: idToken,
          }),
        );
      });
      return;
    }
    handler(req, res);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    sign: (claims) => new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: jwk.kid }).sign(privateKey),
    overrideToken(make) {
      override = make;
    },
    stop: () =>
      new Promise<void>((r) => {
        // Keep-alive sockets would hold close() (and the test process) open until they time out.
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

/** A browser's cookies at the provider: pass the same jar to keep its session between calls. */
export type CookieJar = Map<string, string>;

interface Hop {
  /** The first address outside the provider starting with `stopAt`. */
  reached?: string;
  /** The provider's page when a form is shown that `fill` declined to submit. */
  page?: string;
}

/**
 * Follows the provider's redirects and forms with a cookie jar, as a browser would, until a redirect
 * leaves for `stopAt`. `fill` gets each form's fields (hidden inputs filled in) and its HTML and
 * answers the fields to submit, or null to stop there.
 */
async function browse(
  url: string,
  jar: CookieJar,
  stopAt: string,
  fill: (fields: URLSearchParams, html: string) => URLSearchParams | null,
): Promise<Hop> {
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      const value = pair.slice(i + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(c) || value === '') jar.delete(pair.slice(0, i));
      else jar.set(pair.slice(0, i), value);
    }
  };
  let init: RequestInit = {};
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
    });
    remember(res);
    init = {};
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url).href;
      if (next.startsWith(stopAt)) return { reached: next };
      url = next;
      continue;
    }
    const html = await res.text();
    const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
    if (!form) throw new Error(`no form at ${url} (${res.status}): ${html.slice(0, 300)}`);
    const fields = new URLSearchParams();
    for (const m of form[2].matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/gi))
      fields.set(m[1], m[2]);
    const filled = fill(fields, form[0]);
    if (!filled) return { page: html };
    url = new URL(form[1].replace(/&amp;/g, '&'), url).href;
    init = {
      method: 'POST',
      body: filled.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  }
  throw new Error('too many redirects at the identity provider');
}

/**
 * The browser's part of a code-flow login, done with fetch: follows the provider's redirects
 * with a cookie jar, signs in on the development login form as `loginId`, consents, and stops
 * at the redirect back to the relying party (answering that address).
 */
export async function signInAtIdp(
  authorizeUrl: string,
  loginId: string,
  redirectPrefix: string,
  jar: CookieJar = new Map(),
): Promise<string> {
  const hop = await browse(authorizeUrl, jar, redirectPrefix, (fields, form) => {
    if (/name="login"/.test(form)) {
      fields.set('login', loginId);
      fields.set('password', 'any');
    }
    return fields;
  });
  return hop.reached!;
}

/** True when the provider, given this browser's cookies, asks who is signing in (no session there). */
export async function idpAsksToSignIn(authorizeUrl: string, redirectPrefix: string, jar: CookieJar): Promise<boolean> {
  const hop = await browse(authorizeUrl, jar, redirectPrefix, (fields, form) =>
    /name="login"/.test(form) ? null : fields,
  );
  return hop.page !== undefined;
}

/**
 * The browser at the provider's end_session address: confirms the logout when the provider asks
 * (oidc-provider's form, logout=yes) and answers where the provider sent it back.
 */
export async function signOutAtIdp(endSessionUrl: string, redirectPrefix: string, jar: CookieJar): Promise<string> {
  const hop = await browse(endSessionUrl, jar, redirectPrefix, (fields) => {
    fields.set('logout', 'yes');
    return fields;
  });
  return hop.reached!;
}
