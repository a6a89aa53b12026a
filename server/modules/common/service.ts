import type { Db } from '../../db/connect.js';
import { listMessages } from './queries.js';

/** The messages (key → text) in one language: what the portals show, edited in messageManage. */
export async function messagesInLanguage(db: Db, lang: 'ko' | 'en'): Promise<Record<string, string>> {
  const message: Record<string, string> = {};
  for (const r of await listMessages(db)) message[r.msgKey] = lang === 'en' ? r.textEn : r.textKo;
  return message;
}
