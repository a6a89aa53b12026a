import type { AccessTokens } from './tokens.js';
import type { SsoProvider } from './providers.js';

/**
 * The default SSO provider: the "assertion" is an access token our own auth service issued for
 * the internal portal (a user already signed in elsewhere in the company portal). A real
 * identity provider (OIDC, SAML) replaces this behind the same interface (docs/auth.md).
 */
export function createLocalSso(tokens: () => Promise<AccessTokens>): SsoProvider {
  return {
    name: 'local-token',
    async resolve(form) {
      const assertion =
        typeof form.ssoToken === 'string' ? form.ssoToken : typeof form.token === 'string' ? form.token : '';
      if (!assertion) return { ok: false, code: 'AUTH003' };
      try {
        const claims = await (await tokens()).verify(assertion);
        if (claims.portal !== 'I') return { ok: false, code: 'AUTH006' };
        return { ok: true, userId: claims.userId };
      } catch (err) {
        return { ok: false, code: (err as { reason?: string }).reason === 'expired' ? 'AUTH008' : 'AUTH003' };
      }
    },
  };
}
