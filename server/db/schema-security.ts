import type { ColumnType } from 'kysely';

/** Tables of the security work (migration 0090-security). */
export interface LoginThrottleTable {
  scope: 'PAIR' | 'ACCOUNT' | 'CLIENT';
  key: string;
  failures: ColumnType<number, number | undefined, number>;
  lastFailureAt: ColumnType<Date, Date | undefined, Date>;
  lockedUntil: Date | null;
}

export interface SecurityTables {
  loginThrottle: LoginThrottleTable;
}
