import type { Static } from 'typebox';
import type { Db } from '../../db/connect.js';
import { writeAudit } from '../../db/audit.js';
import { invalid, type FieldError } from '../../domain/errors.js';
import { conflict, notFound } from '../../http/errors.js';
import type { GroupCreateBody, GroupUpdateBody, SaveCodesBody } from './schemas.js';
import {
  countCodes,
  deleteCode,
  deleteCodeGroupRow,
  findCodeGroup,
  insertCode,
  insertCodeGroup,
  listCodes,
  lockCodeGroup,
  lockCodes,
  updateCode,
  updateCodeGroupRow,
} from './queries.js';

const REQUIRED = '필수 입력 항목입니다';
const STALE = '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요';
const PAGE_ALL = { limit: 5000, offset: 0 };

const blank = (v: string | null | undefined) => v === undefined || v === null || v.trim() === '';
const groupMissing = () => notFound('CODE_GROUP_NOT_FOUND', '코드 그룹을 찾을 수 없습니다');

/** Every field error at once under the screen's one message; nothing is written. */
function refuseIf(details: FieldError[]): void {
  if (details.length > 0) throw invalid('VALIDATION', '입력 값을 확인하세요', details);
}

const namesGiven = (b: { nameKo: string; nameEn: string }) =>
  refuseIf(
    (['nameKo', 'nameEn'] as const).filter((f) => blank(b[f])).map((f) => ({ path: `body/${f}`, message: REQUIRED })),
  );

export async function getCodeGroup(db: Db, groupId: string) {
  const group = await findCodeGroup(db, groupId);
  if (!group) throw groupMissing();
  return group;
}

export async function createCodeGroup(db: Db, b: Static<typeof GroupCreateBody>, actor: string) {
  namesGiven(b);
  const created = await db.transaction().execute(async (trx) => {
    if (await lockCodeGroup(trx, b.groupId)) return false;
    const values = {
      groupId: b.groupId,
      nameKo: b.nameKo.trim(),
      nameEn: b.nameEn.trim(),
      description: b.description ?? null,
      sortOrder: b.sortOrder ?? 0,
      useYn: b.useYn ?? 'Y',
    };
    await insertCodeGroup(trx, values);
    await writeAudit(trx, { entity: 'code_group', entityKey: b.groupId, action: 'CREATE', actor, after: values });
    return true;
  });
  if (!created)
    throw conflict('DUPLICATE_KEY', '이미 등록된 코드 그룹입니다', [
      { path: 'body/groupId', message: '이미 등록된 코드 그룹입니다' },
    ]);
  return (await findCodeGroup(db, b.groupId))!;
}

export async function updateCodeGroup(db: Db, groupId: string, b: Static<typeof GroupUpdateBody>, actor: string) {
  namesGiven(b);
  const outcome = await db.transaction().execute(async (trx) => {
    const before = await lockCodeGroup(trx, groupId);
    if (!before) return 'missing' as const;
    if (before.version !== b.version) return before.version;
    const after = {
      nameKo: b.nameKo.trim(),
      nameEn: b.nameEn.trim(),
      description: b.description === undefined ? before.description : b.description,
      sortOrder: b.sortOrder ?? before.sortOrder,
      useYn: b.useYn ?? before.useYn,
    };
    await updateCodeGroupRow(trx, groupId, { ...after, version: before.version + 1 });
    await writeAudit(trx, { entity: 'code_group', entityKey: groupId, action: 'UPDATE', actor, before, after });
    return 'ok' as const;
  });
  if (outcome === 'missing') throw groupMissing();
  if (outcome !== 'ok') throw conflict('VERSION_CONFLICT', STALE, { currentVersion: outcome });
  return (await findCodeGroup(db, groupId))!;
}

/** Removes an empty group with the version read. */
export async function deleteCodeGroup(db: Db, groupId: string, version: number, actor: string) {
  const outcome = await db.transaction().execute(async (trx) => {
    const before = await lockCodeGroup(trx, groupId);
    if (!before) return 'missing' as const;
    if (before.version !== version) return 'stale' as const;
    if ((await countCodes(trx, groupId)) > 0) return 'notEmpty' as const;
    await deleteCodeGroupRow(trx, groupId);
    await writeAudit(trx, { entity: 'code_group', entityKey: groupId, action: 'DELETE', actor, before });
    return 'ok' as const;
  });
  if (outcome === 'missing') throw groupMissing();
  if (outcome === 'stale') throw conflict('VERSION_CONFLICT', STALE);
  if (outcome === 'notEmpty')
    throw conflict('CODE_GROUP_NOT_EMPTY', '코드가 남아 있는 그룹은 삭제할 수 없습니다. 코드를 먼저 삭제하세요');
  return { code: 'OK' as const };
}

/** Adds, changes and deletes codes of one group in one transaction; answers the group's codes. */
export async function saveCodes(db: Db, groupId: string, body: Static<typeof SaveCodesBody>, actor: string) {
  const { rows, deleted = [] } = body;
  const problems: FieldError[] = [];
  const seen = new Map<string, number>();
  rows.forEach((r, i) => {
    for (const f of ['textKo', 'textEn'] as const)
      if (blank(r[f])) problems.push({ path: `body/rows/${i}/${f}`, message: REQUIRED });
    if (seen.has(r.code))
      problems.push({ path: `body/rows/${i}/code`, message: `${seen.get(r.code)! + 1}행과 코드가 같습니다` });
    else seen.set(r.code, i);
  });
  deleted.forEach((d, i) => {
    if (seen.has(d.code))
      problems.push({ path: `body/deleted/${i}/code`, message: '저장과 삭제에 같은 코드가 있습니다' });
  });
  refuseIf(problems);

  const outcome = await db.transaction().execute(async (trx) => {
    if (!(await lockCodeGroup(trx, groupId))) return { kind: 'missing' as const };
    const existing = new Map((await lockCodes(trx, groupId)).map((c) => [c.code, c]));
    const conflicts: FieldError[] = [];
    const duplicates: FieldError[] = [];
    rows.forEach((r, i) => {
      const before = existing.get(r.code);
      if (r.version === undefined && before)
        duplicates.push({ path: `body/rows/${i}/code`, message: '이미 등록된 코드입니다' });
      if (r.version !== undefined && (!before || before.version !== r.version))
        conflicts.push({ path: `body/rows/${i}/code`, message: STALE });
    });
    deleted.forEach((d, i) => {
      const before = existing.get(d.code);
      if (!before || before.version !== d.version) conflicts.push({ path: `body/deleted/${i}/code`, message: STALE });
    });
    if (duplicates.length > 0) return { kind: 'duplicate' as const, details: duplicates };
    if (conflicts.length > 0) return { kind: 'stale' as const, details: conflicts };

    for (const r of rows) {
      const values = {
        textKo: r.textKo.trim(),
        textEn: r.textEn.trim(),
        attr1: blank(r.attr1) ? null : r.attr1!.trim(),
        attr2: blank(r.attr2) ? null : r.attr2!.trim(),
        sortOrder: r.sortOrder ?? 0,
        useYn: r.useYn ?? 'Y',
      };
      const before = existing.get(r.code);
      if (!before) {
        await insertCode(trx, groupId, r.code, values);
        await writeAudit(trx, {
          entity: 'code',
          entityKey: `${groupId}/${r.code}`,
          action: 'CREATE',
          actor,
          after: values,
        });
        continue;
      }
      const changed = (Object.keys(values) as Array<keyof typeof values>).some((k) => values[k] !== before[k]);
      if (!changed) continue;
      await updateCode(trx, groupId, r.code, { ...values, version: before.version + 1 });
      await writeAudit(trx, {
        entity: 'code',
        entityKey: `${groupId}/${r.code}`,
        action: 'UPDATE',
        actor,
        before,
        after: values,
      });
    }
    for (const d of deleted) {
      await deleteCode(trx, groupId, d.code);
      await writeAudit(trx, {
        entity: 'code',
        entityKey: `${groupId}/${d.code}`,
        action: 'DELETE',
        actor,
        before: existing.get(d.code),
      });
    }
    return { kind: 'ok' as const };
  });
  if (outcome.kind === 'missing') throw groupMissing();
  if (outcome.kind === 'duplicate') throw conflict('DUPLICATE_KEY', '이미 등록된 코드가 있습니다', outcome.details);
  if (outcome.kind === 'stale') throw conflict('VERSION_CONFLICT', STALE, outcome.details);
  return listCodes(db, groupId, {}, { field: 'sortOrder', direction: 'asc' }, PAGE_ALL);
}
