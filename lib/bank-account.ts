/**
 * A bank account number as people without the right to see it are shown it: every digit but
 * the last four becomes `*`, hyphens stay (123-456789-01-234 → ***-******-*1-234).
 */
export function maskBankAccount(account: string | null | undefined): string | null {
  if (account === null || account === undefined || account === '') return account ?? null;
  const digits = account.replace(/\D/g, '').length;
  let seen = 0;
  return account.replace(/\d/g, (d) => (++seen > digits - 4 ? d : '*'));
}

/** True when a value is a masked account (contains `*`): sent back unchanged, it keeps the stored number. */
export const isMaskedBankAccount = (value: string | null | undefined): boolean =>
  typeof value === 'string' && value.includes('*');
