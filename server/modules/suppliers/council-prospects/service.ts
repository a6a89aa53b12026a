import type { Static } from 'typebox';
import { formatBusinessNumber, isValidBusinessNumber } from '../../../../lib/business-number.js';
import { byteLength } from '../../../../lib/text.js';
import { groupHoldsScreen } from '../../../auth/menu-authority.js';
import type { Sender } from '../../../auth/sender.js';
import { writeAudit } from '../../../db/audit.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import type { Db } from '../../../db/connect.js';
import { checkVersion, failIf, missing, wrongState, type FieldError } from '../../../domain/errors.js';
import { checkDate, todayKst } from '../../../domain/dates.js';
import { isEmail, iso, text } from '../../../domain/values.js';
import { PROSPECTS_SCREEN } from '../screens.js';
import { notFoundSupplier } from '../master/service.js';
import { lockCompany, updateCompany } from '../master/queries.js';
import type {
  CouncilCreateBody,
  CouncilListQuery,
  CouncilRow,
  ProspectCreateBody,
  ProspectListQuery,
} from '../schemas.js';
import {
  councilTerm,
  deleteCouncilTerm,
  insertCouncilTerm,
  insertProspect,
  listCouncilTerms,
  listProspects,
  lockCouncilTerm,
  lockProspect,
  overlappingTerm,
  termCovering,
  updateProspect,
} from './queries.js';

const notFoundProspect = () => missing('PROSPECT_NOT_FOUND', '발굴 협력사를 찾을 수 없습니다');

/** Keeps company.council_yn in step with the council: Y while a term covers today. */
async function syncCouncilFlag(trx: Db, compNo: string, now: Date): Promise<void> {
  const current = await termCovering(trx, compNo, todayKst(now));
  await updateCompany(trx, compNo, { councilYn: current ? 'Y' : 'N' });
}

const toCouncil = (
  r: { termFrom: string; termTo: string; councilId: number | string } & Record<string, unknown>,
  today: string,
) => {
  return {
    ...r,
    current: r.termFrom <= today && r.termTo >= today ? ('Y' as const) : ('N' as const),
    councilId: Number(r.councilId),
  } as Static<typeof CouncilRow>;
};

export async function searchCouncil(db: Db, q: Static<typeof CouncilListQuery>, now: Date) {
  const { rows, total } = await listCouncilTerms(db, q, todayKst(now));
  const today = todayKst(now);
  return { rows: rows.map((r) => toCouncil(r, today)), total };
}

/** Appoints a trading supplier to the council for a term; terms of one supplier may not overlap. */
export async function addCouncilMember(db: Db, b: Static<typeof CouncilCreateBody>, actor: string, now: Date) {
  const errors: FieldError[] = [];
  checkDate(errors, 'body/termFrom', b.termFrom, '임기 시작일', { required: true });
  checkDate(errors, 'body/termTo', b.termTo, '임기 종료일', { required: true });
  if (!errors.length && b.termTo < b.termFrom)
    errors.push({ path: 'body/termTo', message: '임기 종료일은 시작일 이후여야 합니다' });
  const remark = text(b.remark);
  if (remark && byteLength(remark) > 500)
    errors.push({ path: 'body/remark', message: '비고는 500바이트를 넘을 수 없습니다' });
  failIf(errors);
  const compNo = b.compNo.trim().toUpperCase();
  const id = await db.transaction().execute(async (trx) => {
    const c = await lockCompany(trx, compNo);
    if (!c) throw notFoundSupplier();
    if (c.status !== 'ACTIVE')
      failIf([{ path: 'body/compNo', message: '거래 중인 협력사만 협력회에 위촉할 수 있습니다' }]);
    if (await overlappingTerm(trx, compNo, b.termFrom, b.termTo))
      failIf([{ path: 'body/termFrom', message: '같은 협력사의 임기가 겹칩니다' }]);
    const row = { compNo, role: b.role, termFrom: b.termFrom, termTo: b.termTo, remark, createdBy: actor };
    const councilId = await insertCouncilTerm(trx, row);
    await syncCouncilFlag(trx, compNo, now);
    await writeAudit(trx, {
      entity: 'company_council',
      entityKey: String(councilId),
      action: 'CREATE',
      actor,
      after: row,
    });
    return councilId;
  });
  return toCouncil(await councilTerm(db, id), todayKst(now));
}

export async function removeCouncilMember(db: Db, councilId: number, version: number, actor: string, now: Date) {
  await db.transaction().execute(async (trx) => {
    const m = await lockCouncilTerm(trx, councilId);
    if (!m) throw missing('COUNCIL_MEMBER_NOT_FOUND', '협력회 위촉 정보를 찾을 수 없습니다');
    checkVersion(version, m.version);
    await deleteCouncilTerm(trx, councilId);
    await syncCouncilFlag(trx, m.compNo, now);
    await writeAudit(trx, {
      entity: 'company_council',
      entityKey: String(councilId),
      action: 'DELETE',
      actor,
      before: m,
    });
  });
  return { councilId };
}

export async function searchProspects(
  db: Db,
  where: { prospectNo?: string; q?: Static<typeof ProspectListQuery> },
  authGroupId: string,
) {
  const [{ rows, total }, canWrite] = await Promise.all([
    listProspects(db, where),
    groupHoldsScreen(db, authGroupId, [PROSPECTS_SCREEN], 'write'),
  ]);
  return {
    total,
    rows: rows.map(({ taxNo, ...r }) => ({
      ...r,
      taxNo2: taxNo ? formatBusinessNumber(taxNo) : null,
      foundAt: iso(r.foundAt)!,
      invitedAt: iso(r.invitedAt),
      actions: !canWrite || r.status === 'DROPPED' ? [] : r.status === 'FOUND' ? ['invite', 'drop'] : ['invite'],
    })),
  };
}

async function prospect(db: Db, prospectNo: string, authGroupId: string) {
  const { rows } = await searchProspects(db, { prospectNo }, authGroupId);
  if (!rows.length) throw notFoundProspect();
  return rows[0];
}

/** Records a prospective supplier (its business number checked when given). */
export async function createProspect(
  db: Db,
  b: Static<typeof ProspectCreateBody>,
  caller: { userId: string; authGroupId: string },
  now: Date,
) {
  const errors: FieldError[] = [];
  const compName = b.compName.trim();
  if (!compName) errors.push({ path: 'body/compName', message: '업체명을 입력하세요' });
  else if (byteLength(compName) > 100)
    errors.push({ path: 'body/compName', message: '업체명은 100바이트를 넘을 수 없습니다' });
  const tax = text(b.taxNo2);
  if (tax && !isValidBusinessNumber(tax))
    errors.push({ path: 'body/taxNo2', message: '사업자등록번호가 올바르지 않습니다 (10자리, 검증번호 확인)' });
  const email = b.email.trim();
  if (!isEmail(email)) errors.push({ path: 'body/email', message: '이메일 형식이 올바르지 않습니다' });
  const items = text(b.items);
  if (items && byteLength(items) > 500)
    errors.push({ path: 'body/items', message: '취급 품목은 500바이트를 넘을 수 없습니다' });
  failIf(errors);
  const prospectNo = await db.transaction().execute(async (trx) => {
    const prospectNo = await nextDocumentNumber(trx, 'PS', todayKst(now));
    const row = {
      prospectNo,
      compName,
      taxNo: tax ? tax.replace(/-/g, '') : null,
      ceoName: text(b.ceoName),
      contactName: text(b.contactName),
      email,
      phoneNo: text(b.phoneNo),
      items,
      status: 'FOUND' as const,
      foundBy: caller.userId,
    };
    await insertProspect(trx, row);
    await writeAudit(trx, {
      entity: 'company_prospect',
      entityKey: prospectNo,
      action: 'CREATE',
      actor: caller.userId,
      after: row,
    });
    return prospectNo;
  });
  return prospect(db, prospectNo, caller.authGroupId);
}

/** Invites a prospect to apply: after the commit, an e-mail with the public application page (again, if already invited). */
export async function inviteProspect(
  db: Db,
  mail: { sender: Sender; db: Db },
  prospectNo: string,
  version: number,
  caller: { userId: string; authGroupId: string },
  now: Date,
) {
  const p = await db.transaction().execute(async (trx) => {
    const p = await lockProspect(trx, prospectNo);
    if (!p) throw notFoundProspect();
    checkVersion(version, p.version);
    if (p.status === 'DROPPED') throw wrongState('제외된 발굴 협력사는 초대할 수 없습니다', p.status);
    await updateProspect(trx, p.prospectNo, {
      status: 'INVITED',
      invitedAt: now,
      invitedBy: caller.userId,
      version: p.version + 1,
    });
    await writeAudit(trx, {
      entity: 'company_prospect',
      entityKey: p.prospectNo,
      action: 'INVITE',
      actor: caller.userId,
      before: { status: p.status },
      after: { status: 'INVITED', email: p.email },
    });
    return p;
  });
  await mail.sender.send(mail.db, {
    to: p.email,
    channel: 'EMAIL',
    text: `[OGPMS] ${p.compName} 담당자님, 협력사 등록을 신청해 주시기 바랍니다. 협력사 포털의 사용자 신청(/template/userApply)에서 신청할 수 있습니다.`,
  });
  return prospect(db, p.prospectNo, caller.authGroupId);
}

/** Drops a prospect that was not invited, with a reason. */
export async function dropProspect(
  db: Db,
  prospectNo: string,
  body: { version: number; reason: string },
  caller: { userId: string; authGroupId: string },
) {
  const reason = body.reason.trim();
  if (!reason) failIf([{ path: 'body/reason', message: '제외 사유를 입력하세요' }]);
  await db.transaction().execute(async (trx) => {
    const p = await lockProspect(trx, prospectNo);
    if (!p) throw notFoundProspect();
    checkVersion(body.version, p.version);
    if (p.status !== 'FOUND') throw wrongState('초대하지 않은 발굴 협력사만 제외할 수 있습니다', p.status);
    await updateProspect(trx, p.prospectNo, { status: 'DROPPED', dropReason: reason, version: p.version + 1 });
    await writeAudit(trx, {
      entity: 'company_prospect',
      entityKey: p.prospectNo,
      action: 'DROP',
      actor: caller.userId,
      before: { status: p.status },
      after: { status: 'DROPPED' },
      reason,
    });
  });
  return prospect(db, prospectNo, caller.authGroupId);
}
