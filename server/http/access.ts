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

/**
 * What calling an operation leaves behind besides its answer (docs/studio.md "Effects"):
 * - `writes`: it changes data (every method but GET does, by its method; a GET only when declared);
 * - `evidence`: it appends to an evidence record whose reader is named (a contract's event chain);
 * - `audit`: it writes an audit row naming its caller (who viewed the bids);
 * - `personal-data-log`: it logs a view of personal data naming the viewer (the privacy registry
 *   declares these: server/modules/privacy/registry.ts).
 * A GET with any effect is never called by the engine without a person's click from a stored screen.
 */
export type Effect = 'writes' | 'evidence' | 'audit' | 'personal-data-log';
export const EFFECTS: readonly Effect[] = ['writes', 'evidence', 'audit', 'personal-data-log'];

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
  /**
   * What a call leaves behind: `config.effects` as declared, `writes` for every method but GET, and
   * `personal-data-log` for the operations of the privacy registry. Empty: a GET that only reads.
   */
  effects: readonly Effect[];
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
     * What a GET leaves behind besides its answer (type Effect): a GET that writes evidence, an audit
     * row naming its caller or anything else declares it here, so no stored screen calls it without a
     * person's click (docs/studio.md). Methods other than GET write by their method and need not say so.
     * tests/api/security/get-effects.test.ts calls every GET and fails on one that writes undeclared.
     */
    effects?: Effect[];
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
