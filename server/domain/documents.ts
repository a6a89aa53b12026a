/** What every document shares: its attachment group, its history (the audit log), and the master rows its lines name. */
import type { Expression } from 'kysely';
import type { Db } from '../db/connect.js';
import { asOwner } from '../db/company-scope.js';
import type { FieldError } from './errors.js';
import { iso } from './values.js';
import { SYSTEM_JOB_ACTOR } from '../../schemas/system-actor.js';

export interface Attachment {
  fileId: string;
  seq: number;
  originalName: string;
  sizeBytes: number;
  mimeType: string;
}

/** The files of an attachment group (served by the file API: /api/v1/cmmn/file/{fileId}/…). */
export async function loadAttachments(db: Db, fileId: string | null): Promise<Attachment[]> {
  if (!fileId) return [];
  return toAttachments(await attachmentRows(db, fileId).orderBy('seq').execute());
}

/**
 * The statement of a group's files, `fileId` a value or a column of the statement it is part of (a
 * document's own, its files one json column of it: server/db/json-rows.ts, ordered by `seq`).
 */
export function attachmentRows(db: Db, fileId: string | Expression<string>) {
  return db
    .selectFrom('fileEntry')
    .select(['fileId', 'seq', 'originalName', 'sizeBytes', 'mimeType'])
    .where('fileId', '=', fileId)
    .where('deletedAt', 'is', null);
}

/** The answer's files from `attachmentRows`' rows, read alone or from json (int8 as a number either way). */
export function toAttachments(
  rows: ReadonlyArray<{ fileId: string; seq: number; originalName: string; sizeBytes: number; mimeType: string }>,
): Attachment[] {
  return rows.map((r) => ({ ...r, sizeBytes: Number(r.sizeBytes) }));
}

/**
 * Deletes an upload group and its entries (the document no longer needs them); the stored names of
 * its files, for the caller to remove from the store after the commit.
 */
export async function deleteFileGroup(db: Db, fileId: string): Promise<string[]> {
  const entries = await db.deleteFrom('fileEntry').where('fileId', '=', fileId).returning('storedName').execute();
  await db.deleteFrom('fileGroup').where('fileId', '=', fileId).execute();
  return entries.map((e) => e.storedName);
}

export interface HistoryEntry {
  at: string;
  action: string;
  actor: string | null;
  actorName: string | null;
  reason: string | null;
}

/** A document's history: its audit rows, oldest first, with the actor's name. */
export async function loadHistory(db: Db, entity: string, key: string): Promise<HistoryEntry[]> {
  // Read as the owner: audit_log has no company column or policy for the supplier role. The callers load the
  // document through the caller's scope beside it and answer 404 for one that is not the caller's.
  return toHistory(await historyRows(asOwner(db), entity, key).orderBy('a.at').orderBy('a.id').execute());
}

/**
 * The statement of a document's audit rows (json: ordered by `at`, then `id`), `key` a value or a
 * column of the statement it is part of.
 */
export function historyRows(db: Db, entity: string, key: string | Expression<string>) {
  return db
    .selectFrom('auditLog as a')
    .leftJoin('appUser as u', 'u.userId', 'a.actor')
    .select(['a.at', 'a.action', 'a.actor', 'u.hname as actorName', 'a.reason', 'a.id'])
    .where('a.entity', '=', entity)
    .where('a.entityKey', '=', key);
}

/** The history from `historyRows`' rows, read alone or from json (whose timestamps `iso` normalises). */
export function toHistory(
  rows: ReadonlyArray<{
    at: string;
    action: string;
    actor: string | null;
    actorName: string | null;
    reason: string | null;
  }>,
): HistoryEntry[] {
  return rows.map((r) => ({
    at: iso(r.at)!,
    action: r.action,
    actor: r.actor,
    // A job's row names no person: it is answered by the job's id, which the screens show as the system.
    actorName: r.actorName ?? (r.actor === SYSTEM_JOB_ACTOR ? SYSTEM_JOB_ACTOR : null),
    reason: r.reason,
  }));
}

/** Items of the master named by lines: unknown or unused codes are field errors. */
export async function loadItems(
  db: Db,
  lines: ReadonlyArray<{ itemCode?: string | null }>,
  pathOf: (i: number) => string,
) {
  const codes = [...new Set(lines.map((l) => l.itemCode?.trim()).filter((c): c is string => !!c))];
  const found = codes.length
    ? await db
        .selectFrom('item')
        .select(['itemCode', 'itemName', 'spec', 'unitCode', 'sgCode', 'currency', 'refPrice', 'useYn'])
        .where('itemCode', 'in', codes)
        .execute()
    : [];
  const byCode = new Map(found.map((i) => [i.itemCode, i]));
  const errors: FieldError[] = [];
  lines.forEach((l, i) => {
    const code = l.itemCode?.trim();
    if (!code) return;
    const item = byCode.get(code);
    if (!item) errors.push({ path: pathOf(i), message: `등록되지 않은 품목입니다: ${code}` });
    else if (item.useYn !== 'Y') errors.push({ path: pathOf(i), message: `사용하지 않는 품목입니다: ${code}` });
  });
  return { byCode, errors };
}

export async function existingCodes(db: Db, table: 'unit' | 'sourcingGroup', values: string[]): Promise<Set<string>> {
  const list = [...new Set(values.filter(Boolean))];
  if (list.length === 0) return new Set();
  if (table === 'unit')
    return new Set(
      (await db.selectFrom('unit').select('unitCode').where('unitCode', 'in', list).execute()).map((r) => r.unitCode),
    );
  return new Set(
    (await db.selectFrom('sourcingGroup').select('sgCode').where('sgCode', 'in', list).execute()).map((r) => r.sgCode),
  );
}
