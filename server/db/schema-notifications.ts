import type { ColumnType, Generated } from 'kysely';

/** Tables of migration 0100-notifications (the notification outbox and OIDC logins in flight). */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type NotificationState = 'PENDING' | 'SENT' | 'FAILED';

export interface NotificationTable {
  id: Generated<number>;
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  template: string;
  lang: Generated<'ko' | 'en'>;
  subject: string;
  body: string;
  sensitive: Generated<'Y' | 'N'>;
  state: Generated<NotificationState>;
  attempts: Generated<number>;
  nextAttemptAt: GeneratedTimestamp;
  lastError: string | null;
  refEntity: string | null;
  refKey: string | null;
  createdAt: GeneratedTimestamp;
  sentAt: Timestamp | null;
}

export interface OidcLoginTable {
  state: string;
  nonce: string;
  codeVerifier: string;
  moveUrl: string | null;
  createdAt: GeneratedTimestamp;
  expiresAt: Timestamp;
  ticketHash: string | null;
  userId: string | null;
  idToken: string | null;
  usedAt: Timestamp | null;
}

export interface NotificationTables {
  notification: NotificationTable;
  oidcLogin: OidcLoginTable;
}
