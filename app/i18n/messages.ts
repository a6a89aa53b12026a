import type { i18n as I18n } from 'i18next';

/**
 * Server messages (GET /api/v1/common/message, editable in messageManage) live under `msg.`
 * in the translation resources, keyed exactly as the server keys them ('http.400', 'AUTH011',
 * 'login.logoutTimeout', …). ko.json and en.json carry the defaults, so every message works
 * before (or without) the server's answer; the server's texts replace them when they arrive.
 */
const MSG_PREFIX = 'msg.';

export function msgKey(key: string): string {
  return `${MSG_PREFIX}${key}`;
}

/** The message for a server key, or `fallback` (itself a key or text) when there is none. */
export function serverMessage(i18n: Pick<I18n, 't' | 'exists'>, key: string, fallback?: string): string {
  if (i18n.exists(msgKey(key))) return i18n.t(msgKey(key));
  return fallback ?? key;
}

/**
 * Spec §8 "msg translated": a server `msg` that is a message key becomes its text; anything
 * else (already a sentence in the request's language) is shown as it is.
 */
export function translateMsg(i18n: Pick<I18n, 't' | 'exists'>, msg: string): string {
  return /^[\w.-]+$/.test(msg) && i18n.exists(msgKey(msg)) ? i18n.t(msgKey(msg)) : msg;
}

/** Adds (and overrides with) the server's messages for one language. */
export function addServerMessages(
  i18n: Pick<I18n, 'addResourceBundle'>,
  lang: string,
  messages: Record<string, string>,
): void {
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(messages)) if (typeof v === 'string' && v !== '') clean[k] = v;
  i18n.addResourceBundle(lang, 'translation', { msg: clean }, true, true);
}
