/**
 * What a route needs from its caller, declared on every route as `config: { access }`.
 * The auth layer enforces it; an /api route without a declaration fails start-up.
 */
export type Portal = 'I' | 'X';

export type Access =
  | { kind: 'public' }
  | {
      kind: 'login';
      /**
       * Screens (spec routes, e.g. '/prList') this operation serves; the caller's group must hold
       * a menu that opens one of them (as its URL or a sub-URL). Empty: any logged-in user.
       */
      screens: string[];
      level: 'read' | 'write';
      /** Portals allowed to call; default both. */
      portals?: Portal[];
    };

export const access = {
  public: (): Access => ({ kind: 'public' }),
  login: (screens: string[] = [], level: 'read' | 'write' = 'read', portals?: Portal[]): Access => ({ kind: 'login', screens, level, portals }),
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}
