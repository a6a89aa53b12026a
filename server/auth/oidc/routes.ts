import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { OIDC_PATHS } from '../paths.js';
import { takeIdToken } from './logout.js';

const loginWith = (params: Record<string, string>) => `/login?${new URLSearchParams(params).toString()}`;

/**
 * The browser's side of SSO over OpenID Connect (server/auth/oidc/oidc.ts). Every answer is a
 * redirect: to the provider, back to /login with a one-time ticket (accessToken, which the login
 * page's SSO step exchanges), or to /login with ssoError=CODE (an SSO failure, spec §4).
 */
export const oidcRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const redirect = { 302: Type.Null({ description: 'Redirect (Location header)' }) };

  app.get(
    OIDC_PATHS.start,
    {
      config: { access: access.public() },
      schema: {
        operationId: 'oidcStart',
        tags: ['auth'],
        summary: 'SSO (OpenID Connect): go to the identity provider (state, nonce, PKCE)',
        querystring: Type.Object({ moveUrl: Type.Optional(Type.String({ maxLength: 1000 })) }),
        response: redirect,
      },
    },
    async (request, reply) => {
      const oidc = app.auth.oidc;
      if (!oidc) return reply.redirect(loginWith({ ssoError: 'AUTH006' }));
      const moveUrl =
        request.query.moveUrl && request.query.moveUrl.startsWith('/') && !request.query.moveUrl.startsWith('//')
          ? request.query.moveUrl
          : null;
      const started = await oidc.start(moveUrl);
      return reply.redirect(started.ok ? started.url : loginWith({ ssoError: started.code }));
    },
  );

  app.get(
    OIDC_PATHS.callback,
    {
      config: {
        access: access.public(),
        rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' },
      },
      schema: {
        operationId: 'oidcCallback',
        tags: ['auth'],
        summary:
          'SSO (OpenID Connect): the identity provider’s answer; back to /login with a one-time ticket or ssoError',
        querystring: Type.Object({
          code: Type.Optional(Type.String({ maxLength: 4000 })),
          state: Type.Optional(Type.String({ maxLength: 200 })),
          error: Type.Optional(Type.String({ maxLength: 200 })),
          error_description: Type.Optional(Type.String({ maxLength: 1000 })),
          iss: Type.Optional(Type.String({ maxLength: 500 })),
          session_state: Type.Optional(Type.String({ maxLength: 500 })),
        }),
        response: redirect,
      },
    },
    async (request, reply) => {
      const oidc = app.auth.oidc;
      if (!oidc || !app.config.oidc) return reply.redirect(loginWith({ ssoError: 'AUTH006' }));
      // The address the provider redirected to, as registered (the server may sit behind a proxy).
      const current = new URL(app.config.oidc.redirectUri);
      current.search = new URL(request.url, 'http://x').search;
      const result = await oidc.callback(current);
      return reply.redirect(
        result.ok ? loginWith({ accessToken: result.ticket }) : loginWith({ ssoError: result.code }),
      );
    },
  );

  app.get(
    OIDC_PATHS.logout,
    {
      config: { access: access.public() },
      schema: {
        operationId: 'oidcLogout',
        tags: ['auth'],
        summary:
          'SSO (OpenID Connect): end the session at the identity provider when it offers end_session; with the logout’s one-time handle the session’s ID token goes along as id_token_hint',
        querystring: Type.Object({
          handle: Type.Optional(
            Type.String({ maxLength: 100, description: 'The one-time handle of POST /auth/api/logout’s ssoLogoutUri' }),
          ),
        }),
        response: redirect,
      },
    },
    async (request, reply) => {
      const oidc = app.auth.oidc;
      if (!oidc) return reply.redirect('/login');
      const handle = request.query.handle;
      const idToken = handle ? await takeIdToken(app.dbh.db, await app.auth.tokens(), handle) : null;
      const url = await oidc.endSessionUrl(idToken);
      return reply.redirect(url ?? '/login');
    },
  );
};
