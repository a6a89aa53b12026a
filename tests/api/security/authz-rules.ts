/**
 * The vocabulary of the authorization matrix (authz-matrix.ts): one rule per API operation says
 * who may call it. The expected answer for a caller is derived from the rule and the seeded menu
 * authority (menu + menu_auth), never from the route's own declaration, so the matrix test
 * compares two independent statements of the same promise. docs/security.md describes the format.
 */
export type Portal = 'I' | 'X';

export type Rule =
  /** Anyone, logged in or not. */
  | { kind: 'public' }
  /**
   * A logged-in caller of one of `portals` whose authority group holds, at `level`, a menu that
   * opens one of `screens` (as its URL or a sub-URL). No screens: any logged-in caller of those portals.
   */
  | { kind: 'login'; portals: Portal[]; level: 'read' | 'write'; screens: string[] };

const portalRules = (portals: Portal[]) => ({
  /** Needs read authority on a menu opening one of the screens (none: any logged-in caller). */
  r: (...screens: string[]): Rule => ({ kind: 'login', portals, level: 'read', screens }),
  /** Needs write authority on a menu opening one of the screens (none: any logged-in caller). */
  w: (...screens: string[]): Rule => ({ kind: 'login', portals, level: 'write', screens }),
});

/** Internal (GPMS staff) callers only. */
export const I = portalRules(['I']);
/** External (OGPMS supplier) callers only. */
export const X = portalRules(['X']);
/** Callers of both portals. */
export const IX = portalRules(['I', 'X']);
export const PUBLIC: Rule = { kind: 'public' };

/** One menu with the authority a group holds on it (rows of menu ⋈ menu_auth, useYn = 'Y'). */
export interface HeldMenu {
  authGroupId: string;
  sspUrl: string | null;
  sspSubUrls: string[];
  canRead: boolean;
  canWrite: boolean;
}

export interface CallerKind {
  /** null: not logged in. */
  portal: Portal | null;
  authGroupId: string | null;
}

/** Whether the rule lets this caller through, given the menus every group holds. */
export function ruleAllows(rule: Rule, caller: CallerKind, held: ReadonlyArray<HeldMenu>): boolean {
  if (rule.kind === 'public') return true;
  if (caller.portal === null || caller.authGroupId === null) return false;
  if (!rule.portals.includes(caller.portal)) return false;
  if (rule.screens.length === 0) return true;
  return held.some(
    (m) =>
      m.authGroupId === caller.authGroupId &&
      (rule.level === 'write' ? m.canWrite : m.canRead) &&
      rule.screens.some((s) => m.sspUrl === s || m.sspSubUrls.includes(s)),
  );
}

/** The row a route's declared access (config.access) proposes, as source text. */
export function proposeRow(
  operationId: string,
  declared:
    { kind: 'public' } | { kind: 'login'; screens: string[]; level: 'read' | 'write'; portals?: Portal[] } | undefined,
): string {
  if (!declared) return `  ${operationId}: PUBLIC, // no config.access: check the route`;
  if (declared.kind === 'public') return `  ${operationId}: PUBLIC,`;
  const portals = declared.portals ?? ['I', 'X'];
  const prefix = portals.length === 2 ? 'IX' : portals[0];
  const screens = [...new Set(declared.screens)].map((s) => `'${s}'`).join(', ');
  return `  ${operationId}: ${prefix}.${declared.level === 'write' ? 'w' : 'r'}(${screens}),`;
}
