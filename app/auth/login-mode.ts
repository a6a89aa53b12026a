/**
 * Spec §4 login modes: AD (id/password against the directory), SSO (the company portal's
 * single sign-on), or SSO with AD fallback. A stored "next mode" overrides the configured one:
 * after an AD success the override is cleared; on an SSO failure in the combined mode the
 * override becomes AD (so the id/password form shows next).
 */
export type LoginMode = 'AD' | 'SSO' | 'SSO_AD';

const LOGIN_MODES: readonly LoginMode[] = ['AD', 'SSO', 'SSO_AD'];

function isLoginMode(value: unknown): value is LoginMode {
  return typeof value === 'string' && (LOGIN_MODES as readonly string[]).includes(value);
}

/** The configured mode as /properties/dwpAuth publishes it; AD when missing or unknown. */
export function configuredLoginMode(type: unknown): LoginMode {
  return isLoginMode(type) ? type : 'AD';
}

/** The mode in force: the stored override when there is one, else the configured mode. */
export function effectiveLoginMode(configured: LoginMode, nextMode: LoginMode | null): LoginMode {
  return nextMode ?? configured;
}

/** The override after an AD login succeeded: cleared. */
export function nextModeAfterAdSuccess(): LoginMode | null {
  return null;
}

/**
 * The override after an SSO attempt failed. In the combined mode it becomes AD; in pure SSO
 * mode there is no fallback and the override stays as it was.
 */
export function nextModeAfterSsoFailure(configured: LoginMode, current: LoginMode | null): LoginMode | null {
  return configured === 'SSO_AD' ? 'AD' : current;
}

/** Whether the login page shows the id/password form (AD) or runs single sign-on first. */
export function usesSso(mode: LoginMode): boolean {
  return mode === 'SSO' || mode === 'SSO_AD';
}
