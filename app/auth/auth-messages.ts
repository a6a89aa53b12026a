import type { i18n as I18n } from 'i18next';
import { msgKey } from '../i18n/messages';

/** Codes whose message lives under another server key. */
const CODE_MESSAGE_KEYS: Readonly<Record<string, string>> = {
  OTP_NO_CELL_PHONE: 'auth.otpNoCellPhone',
  OTP_NO_EMAIL: 'auth.otpNoEmail',
};

/**
 * The message for an authentication code (spec §8: AUTH006 … COM000010, the OTP codes): the
 * server's current text when it has been loaded, else the bundled Korean/English one, else the
 * message the failing answer carried, else a generic one. Never the bare code alone.
 */
export function authCodeText(i18n: Pick<I18n, 't' | 'exists'>, code: string, serverMsg?: string | null): string {
  const serverKey = CODE_MESSAGE_KEYS[code] ?? code;
  if (/^[\w.-]+$/.test(serverKey) && i18n.exists(msgKey(serverKey))) return i18n.t(msgKey(serverKey));
  if (i18n.exists(`authError.${code}`)) return i18n.t(`authError.${code}`);
  if (serverMsg) return serverMsg;
  return i18n.t('authReq.unknown');
}

/** Whether the code names something the page knows (else it shows the code for support). */
export function isKnownAuthCode(i18n: Pick<I18n, 'exists'>, code: string): boolean {
  const serverKey = CODE_MESSAGE_KEYS[code] ?? code;
  return i18n.exists(`authError.${code}`) || (/^[\w.-]+$/.test(serverKey) && i18n.exists(msgKey(serverKey)));
}
