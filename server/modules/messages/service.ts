import type { Static } from 'typebox';
import type { Db } from '../../db/connect.js';
import { writeAudit } from '../../db/audit.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { MessageCreateBody, MessageUpdateBody } from './schemas.js';
import {
  deleteMessageRow,
  findMessage,
  insertMessage,
  lockMessage,
  updateMessageRow,
  type MessageRecord,
} from './queries.js';

const REQUIRED = '필수 입력 항목입니다';

/** A message as the API answers it (its updatedAt is already ISO text, db/pglite/parsers.mjs). */
export const messageRow = (m: MessageRecord): MessageRecord => m;

const messageMissing = () => notFound('MESSAGE_NOT_FOUND', '메시지를 찾을 수 없습니다');
const versionConflict = (current: number) =>
  conflict('VERSION_CONFLICT', '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요', {
    currentVersion: current,
  });

/** Blank texts are answered at their fields, the way the screen shows them. */
function requireTexts(body: { textKo: string; textEn: string }) {
  const details = (['textKo', 'textEn'] as const)
    .filter((f) => body[f].trim() === '')
    .map((f) => ({ path: `body/${f}`, message: REQUIRED }));
  if (details.length > 0) throw badRequest('VALIDATION', '필수 입력 항목을 확인하세요', details);
}

export async function getMessage(db: Db, msgKey: string) {
  const row = await findMessage(db, msgKey);
  if (!row) throw messageMissing();
  return messageRow(row);
}

export async function createMessage(db: Db, b: Static<typeof MessageCreateBody>, actor: string) {
  requireTexts(b);
  const created = await db.transaction().execute(async (trx) => {
    if (await lockMessage(trx, b.msgKey)) return false;
    const values = { msgKey: b.msgKey, category: b.category, textKo: b.textKo, textEn: b.textEn };
    await insertMessage(trx, values);
    await writeAudit(trx, { entity: 'message', entityKey: b.msgKey, action: 'CREATE', actor, after: values });
    return true;
  });
  if (!created)
    throw conflict('DUPLICATE_KEY', '이미 등록된 메시지 키입니다', [
      { path: 'body/msgKey', message: '이미 등록된 메시지 키입니다' },
    ]);
  return messageRow((await findMessage(db, b.msgKey))!);
}

export async function updateMessage(db: Db, msgKey: string, b: Static<typeof MessageUpdateBody>, actor: string) {
  requireTexts(b);
  const result = await db.transaction().execute(async (trx) => {
    const before = await lockMessage(trx, msgKey);
    if (!before) return { missing: true as const };
    if (before.version !== b.version) return { stale: before.version };
    const after = { category: b.category, textKo: b.textKo, textEn: b.textEn };
    await updateMessageRow(trx, msgKey, { ...after, version: before.version + 1, updatedAt: new Date() });
    await writeAudit(trx, { entity: 'message', entityKey: msgKey, action: 'UPDATE', actor, before, after });
    return { ok: true as const };
  });
  if ('missing' in result) throw messageMissing();
  if ('stale' in result) throw versionConflict(result.stale as number);
  return messageRow((await findMessage(db, msgKey))!);
}

export async function deleteMessage(db: Db, msgKey: string, version: number, actor: string) {
  const result = await db.transaction().execute(async (trx) => {
    const before = await lockMessage(trx, msgKey);
    if (!before) return { missing: true as const };
    if (before.version !== version) return { stale: before.version };
    await deleteMessageRow(trx, msgKey);
    await writeAudit(trx, { entity: 'message', entityKey: msgKey, action: 'DELETE', actor, before });
    return { ok: true as const };
  });
  if ('missing' in result) throw messageMissing();
  if ('stale' in result) throw versionConflict(result.stale as number);
  return { code: 'OK' as const };
}
