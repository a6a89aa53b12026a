import type { Static } from 'typebox';
import { maskBankAccount } from '../../../../lib/bank-account.js';
import { formatCorporateNumber } from '../../../../lib/corporate-number.js';
import { byteLength } from '../../../../lib/text.js';
import { given } from '../../../http/list-query.js';
import { groupHoldsScreen } from '../../../auth/menu-authority.js';
import { writeAudit } from '../../../db/audit.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import { todayKst } from '../../../domain/dates.js';
import type { Db } from '../../../db/connect.js';
import type { Caller } from '../../../auth/plugin.js';
import { loadAttachments } from '../../../domain/documents.js';
import {
  checkVersion,
  failIf,
  invalid,
  missing,
  notAllowed,
  refused,
  wrongState,
  type FieldError,
} from '../../../domain/errors.js';
import { iso, text } from '../../../domain/values.js';
import { REASON_BYTES, checkOpen, decisionOf, recordDecision, type DecisionKind } from '../request-flow.js';
import { MY_COMPANY_SCREEN, SUPPLIER_SCREENS } from '../screens.js';
import { checkSupplierInput, notFoundSupplier, supplierDetail } from '../master/service.js';
import { lockCompany, replaceContacts, updateCompany } from '../master/queries.js';
import type { ChangeDecisionBody, ChangeRequestListQuery, MyCompanyUpdateBody } from '../change-request-schemas.js';
import {
  insertChangeRequest,
  listChangeRequests,
  lockChangeRequest,
  openChangeRequest,
  type ChangeRequestListRow,
} from './queries.js';
import { assertBindable } from '../../files/owners.js';
import { josa } from '../../../../lib/josa.js';

/** Fields a supplier changes only through a request staff approve, by kind. */
const REGISTRATION_FIELDS = [
  'compNameKr',
  'compNameEn',
  'ceoName',
  'corpNo',
  'bizType',
  'bizItem',
  'zipCode',
  'address',
] as const;
const BANK_FIELDS = ['bankCode', 'bankAccount', 'bankHolder'] as const;
/** Fields a supplier keeps current itself: they change at once, with an audit row. */
const DIRECT_FIELDS = ['phoneNo', 'faxNo', 'email', 'homepage'] as const;
type ControlledField = (typeof REGISTRATION_FIELDS)[number] | (typeof BANK_FIELDS)[number];

const FIELD_NAME: Record<ControlledField, string> = {
  compNameKr: '업체명',
  compNameEn: '영문 업체명',
  ceoName: '대표자명',
  corpNo: '법인등록번호',
  bizType: '업태',
  bizItem: '종목',
  zipCode: '우편번호',
  address: '주소',
  bankCode: '은행',
  bankAccount: '계좌번호',
  bankHolder: '예금주',
};

type Changes = Record<string, { from: string | null; to: string | null }>;

const notFoundRequest = () => missing('CHANGE_REQUEST_NOT_FOUND', '정보 변경요청을 찾을 수 없습니다');

const summaryOf = (changes: Changes) =>
  Object.entries(changes)
    .map(
      ([f, c]) =>
        `${Object.hasOwn(FIELD_NAME, f) ? FIELD_NAME[f as ControlledField] : f}: ${c.from ?? '-'} → ${c.to ?? '-'}`,
    )
    .join('; ');

/** The changes column arrives as an object from both drivers (jsonb), or as text from an older row. */
const changesOf = (v: unknown): Changes =>
  typeof v === 'string' ? (JSON.parse(v) as Changes) : ((v ?? {}) as Changes);

/** Staff with write on the master decide; the supplier's own users (write on its screen) withdraw. */
async function present(db: Db, rows: ChangeRequestListRow[], caller: Caller) {
  const canDecide =
    caller.portal === 'I' && (await groupHoldsScreen(db, caller.authGroupId, [SUPPLIER_SCREENS.edit], 'write'));
  const canWithdraw =
    caller.portal === 'X' && (await groupHoldsScreen(db, caller.authGroupId, [MY_COMPANY_SCREEN], 'write'));
  return rows.map(({ changes, ...r }) => {
    const actions = r.status !== 'REQUESTED' ? [] : canDecide ? ['approve', 'reject'] : canWithdraw ? ['withdraw'] : [];
    return {
      ...r,
      summary: summaryOf(changesOf(changes)),
      requestedAt: iso(r.requestedAt)!,
      decidedAt: iso(r.decidedAt),
      actions,
      changes: changesOf(changes),
    };
  });
}

export async function searchChangeRequests(db: Db, q: Static<typeof ChangeRequestListQuery>, caller: Caller) {
  const { rows, total } = await listChangeRequests(db, { q });
  return { rows: (await present(db, rows, caller)).map(({ changes: _c, ...r }) => r), total };
}

export async function changeRequest(db: Db, reqNo: string, caller: Caller) {
  const { rows } = await listChangeRequests(db, { reqNo });
  if (!rows.length) throw notFoundRequest();
  const [r] = await present(db, rows, caller);
  const { changes, ...row } = r;
  return {
    ...row,
    changes: Object.entries(changes).map(([field, c]) => ({ field, from: c.from, to: c.to })),
    attachments: await loadAttachments(db, r.fileId),
  };
}

/** The company a call is about: a supplier's own whatever it sends; staff name one. */
function companyOf(caller: Caller, compNo: string | undefined): string {
  if (caller.portal === 'X') {
    if (!caller.compNo) throw notAllowed('회사에 속한 사용자만 이용할 수 있습니다');
    return caller.compNo;
  }
  const c = given(compNo)?.toUpperCase();
  if (!c)
    throw invalid('VALIDATION', '협력사를 지정하세요', [
      { path: 'querystring/compNo', message: '협력사를 지정하세요' },
    ]);
  return c;
}

async function myCompany(db: Db, compNo: string, caller: Caller, canWrite: boolean) {
  const detail = await supplierDetail(db, compNo, caller);
  const { rows } = await listChangeRequests(db, { q: { compNo, size: 50 } });
  const changeRequests = (await present(db, rows, caller)).map(({ changes: _c, ...r }) => r);
  const open = changeRequests.find((r) => r.status === 'REQUESTED');
  // Staff see the supplier's screen as it sees it, without its buttons.
  const actions = caller.portal === 'X' && canWrite ? ['update', ...(open ? ['withdraw'] : [])] : [];
  return {
    ...detail,
    actions,
    openReqNo: open?.reqNo ?? null,
    openReqVersion: open?.version ?? null,
    changeRequests,
    changeFileId: null,
    changeReason: null,
  };
}

/** My company as the supplier sees it; staff name the supplier with compNo. */
export async function readMyCompany(db: Db, caller: Caller, compNo: string | undefined) {
  const own = companyOf(caller, compNo);
  const canWrite =
    caller.portal === 'X' && (await groupHoldsScreen(db, caller.authGroupId, [MY_COMPANY_SCREEN], 'write'));
  return myCompany(db, own, caller, canWrite);
}

const norm = (v: string | null | undefined) => (v === undefined ? undefined : text(v));

/**
 * A supplier saves its company: phones, e-mail, homepage and contacts change at once; bank and
 * registration changes become a change request (attachment and reason required; one open at a time).
 */
export async function updateMyCompany(db: Db, b: Static<typeof MyCompanyUpdateBody>, caller: Caller, now: Date) {
  const compNo = companyOf(caller, undefined);
  const input = await checkSupplierInput(db, { ...b, fileId: undefined });
  const changeReason = text(b.changeReason);
  await db.transaction().execute(async (trx) => {
    const before = await lockCompany(trx, compNo);
    if (!before) throw notFoundSupplier();
    checkVersion(b.version, before.version);
    const current = before as Record<string, unknown>;
    const changes: Changes = {};
    for (const f of [...REGISTRATION_FIELDS, ...BANK_FIELDS]) {
      if (f === 'bankAccount') {
        if (input.bankAccount !== undefined && input.bankAccount !== before.bankAccount)
          changes.bankAccount = { from: maskBankAccount(before.bankAccount), to: maskBankAccount(input.bankAccount) };
        continue;
      }
      const next = (input.values as Record<string, unknown>)[f];
      if (b[f as keyof typeof b] === undefined) continue;
      if ((next ?? null) !== (current[f] ?? null)) {
        const show = (v: unknown) =>
          v === null || v === undefined ? null : f === 'corpNo' ? formatCorporateNumber(String(v)) : String(v);
        changes[f] = { from: show(current[f]), to: show(next) };
      }
    }
    const direct: Record<string, string | null> = {};
    for (const f of DIRECT_FIELDS) {
      const next = norm(b[f]);
      if (next !== undefined && next !== (before[f] ?? null)) direct[f] = next;
    }
    const contactsChanged = input.contacts !== undefined;
    const kinds = [
      Object.keys(changes).some((f) => (BANK_FIELDS as readonly string[]).includes(f)) && 'BANK',
      Object.keys(changes).some((f) => (REGISTRATION_FIELDS as readonly string[]).includes(f)) && 'REGISTRATION',
    ].filter(Boolean) as string[];
    if (kinds.length) {
      const errors: FieldError[] = [];
      if (!b.changeFileId)
        errors.push({
          path: 'body/changeFileId',
          message: kinds.includes('BANK')
            ? '계좌 변경에는 통장 사본을 첨부하세요'
            : '등록정보 변경에는 사업자등록증을 첨부하세요',
        });
      if (!changeReason) errors.push({ path: 'body/changeReason', message: '변경 사유를 입력하세요' });
      else if (byteLength(changeReason) > REASON_BYTES)
        errors.push({ path: 'body/changeReason', message: `변경 사유는 ${REASON_BYTES}바이트를 넘을 수 없습니다` });
      failIf(errors);
      await assertBindable(trx, caller, 'body/changeFileId', b.changeFileId, {
        docType: 'COMPANY_CHANGE',
        docNo: null,
      });
      const open = await openChangeRequest(trx, compNo);
      if (open)
        throw refused(
          'CHANGE_REQUEST_OPEN',
          `처리 중인 정보 변경요청이 있습니다: ${open.reqNo}. 승인이나 반려 뒤에 다시 요청하거나, 철회한 뒤 요청하세요`,
          { reqNo: open.reqNo },
        );
      const reqNo = await nextDocumentNumber(trx, 'CCR', todayKst(now));
      const row = {
        reqNo,
        compNo,
        kinds: kinds.join(','),
        changes: JSON.stringify(changes),
        bankAccount: changes.bankAccount ? (input.bankAccount ?? null) : null,
        reason: changeReason!,
        fileId: b.changeFileId!,
        status: 'REQUESTED' as const,
        requestedBy: caller.userId,
      };
      await insertChangeRequest(trx, row);
      await writeAudit(trx, {
        entity: 'company_change_request',
        entityKey: reqNo,
        action: 'CREATE',
        actor: caller.userId,
        after: { compNo, kinds: row.kinds, changes },
        reason: changeReason,
      });
    } else if (!Object.keys(direct).length && !contactsChanged) {
      throw invalid('NO_CHANGE', '변경된 내용이 없습니다');
    }
    if (Object.keys(direct).length || contactsChanged) {
      await updateCompany(trx, compNo, { ...direct, updatedAt: new Date(), version: before.version + 1 });
      if (input.contacts) await replaceContacts(trx, compNo, input.contacts);
      await writeAudit(trx, {
        entity: 'company',
        entityKey: compNo,
        action: 'SUPPLIER_UPDATE',
        actor: caller.userId,
        before: Object.fromEntries(Object.keys(direct).map((k) => [k, before[k as keyof typeof before]])),
        after: { ...direct, ...(input.contacts ? { contacts: input.contacts } : {}) },
      });
    }
  });
  return myCompany(db, compNo, caller, true);
}

/** Staff approve (the master changes in the same transaction) or reject; the supplier withdraws its own. */
export async function decideChangeRequest(
  db: Db,
  kind: DecisionKind,
  reqNo: string,
  body: Static<typeof ChangeDecisionBody>,
  caller: Caller,
  now: Date,
) {
  const { comment, status } = decisionOf(kind, body);
  await db.transaction().execute(async (trx) => {
    // A supplier's Db is scoped to its company: another company's request is simply not found.
    const r = await lockChangeRequest(trx, reqNo);
    if (!r) throw notFoundRequest();
    checkOpen(r, body.version);
    if (kind === 'approve') {
      const company = (await lockCompany(trx, r.compNo))!;
      const changes = changesOf(r.changes);
      const set: Record<string, string | null> = {};
      for (const [f, c] of Object.entries(changes)) {
        const stored = (company as Record<string, unknown>)[f] as string | null;
        const shown =
          f === 'bankAccount'
            ? maskBankAccount(stored)
            : f === 'corpNo' && stored
              ? formatCorporateNumber(stored)
              : stored;
        // Someone changed the field since the request: approving would overwrite that unseen.
        if ((shown ?? null) !== c.from)
          throw wrongState(
            `요청 이후 ${josa(FIELD_NAME[f as ControlledField] ?? f, '이/가')} 바뀌었습니다. 반려한 뒤 다시 요청받으세요`,
            'CHANGED',
          );
        set[f] = f === 'bankAccount' ? r.bankAccount : f === 'corpNo' && c.to ? c.to.replace(/-/g, '') : c.to;
      }
      await updateCompany(trx, r.compNo, { ...set, updatedAt: now, version: company.version + 1 });
      await writeAudit(trx, {
        entity: 'company',
        entityKey: r.compNo,
        action: 'CHANGE_REQUEST',
        actor: caller.userId,
        before: Object.fromEntries(Object.entries(changes).map(([f, c]) => [f, c.from])),
        after: { ...Object.fromEntries(Object.entries(changes).map(([f, c]) => [f, c.to])), reqNo: r.reqNo },
        reason: `${r.reqNo} ${r.reason}`,
      });
    }
    await recordDecision(trx, 'companyChangeRequest', r, { status, comment, actor: caller.userId, at: now });
  });
  return changeRequest(db, reqNo, caller);
}
