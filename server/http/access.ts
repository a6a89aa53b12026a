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
  login: (screens: string[] = [], level: 'read' | 'write' = 'read', portals?: Portal[]): Access => ({
    kind: 'login',
    screens,
    level,
    portals,
  }),
};

/** One operation of the API as the app registered it (server/app.ts collects them). */
export interface OperationInfo {
  method: string;
  url: string;
  access: Access | undefined;
  /** `config.identityBound` as the route declares it (undefined: not declared). */
  identityBound: boolean | undefined;
  /** Declared a read-only list (config.readOnlyList): answered beside the authority check (auth/check-beside.ts). */
  readOnlyList: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * True when the operation's rule is WHO calls, not only which menus the caller holds: the
     * caller's own account (password, e-mail, re-authentication, sessions), a decision only the
     * person deciding may take (approvals, an opening confirmation of the dual control, a self-
     * approval refused), user blocking and unlocking, authority and menu grants, the studio itself.
     * Such an operation is never called from a stored screen (docs/studio.md): the studio's check
     * refuses it and the server refuses a call carrying a stored screen's mark
     * (server/http/studio-marks.ts). Every operation that writes (not GET) declares it, true or
     * false, so a new one must choose: tests/api/security/authz-matrix.test.ts fails otherwise.
     */
    identityBound?: boolean;
    /**
     * The route only reads and answers a list: it writes nothing, runs no function that writes, and
     * its answer may be computed while the caller's authority is confirmed beside it
     * (auth/check-beside.ts). Declared, never inferred; a test runs every such route and refuses a write.
     */
    readOnlyList?: boolean;
  }
  interface FastifyInstance {
    /**
     * operationId → method, URL and declared access of every route: the screen studio checks that
     * a stored screen names only operations its author may call.
     */
    operations: ReadonlyMap<string, OperationInfo>;
  }
}
