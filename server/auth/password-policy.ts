/** How long a password lives before AUTH103 asks for a new one. */
export const PASSWORD_LIFETIME_DAYS = 90;

/**
 * A password we accept: 8–64 characters, at least three of upper case, lower case, digits and
 * symbols, and not containing the login id. Returns why not, or null.
 */
export function passwordProblem(password: string, loginId: string): string | null {
  if (password.length < 8 || password.length > 64) return 'length';
  const kinds = [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  if (kinds < 3) return 'variety';
  if (loginId && password.toLowerCase().includes(loginId.toLowerCase())) return 'containsId';
  return null;
}
