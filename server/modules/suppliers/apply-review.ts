import { sql } from 'kysely';
import { Type, type Static } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { formatBusinessNumber } from '../../../lib/business-number.js';
import { formatCorporateNumber } from '../../../lib/corporate-number.js';
import { maskBankAccount } from '../../../lib/bank-account.js';
import { byteLength } from '../../../lib/text.js';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { given, likeEscape, pageWindow, parseSort } from '../../http/list-query.js';
import { groupHoldsScreen } from '../../auth/menu-authority.js';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import type { Caller } from '../../auth/plugin.js';
import { loadAttachments } from '../../domain/documents.js';
import { checkVersion, failIf, missing, wrongState } from '../../domain/errors.js';
import { iso, text } from '../../domain/values.js';
import { finishIfDecided } from './apply-finalize.js';
import { notifyApplicant, type DecidedApplication } from './apply-notify.js';
import { mayViewBank } from './master.js';
import { APPLICATION_SORT, ApplicationDecisionBody, ApplicationDetail, ApplicationList, ApplicationListQuery, ReceiptParams } from './apply-schemas.js';

const tags = ['supplier-apply'];
export const APPLY_SCREENS = {
  users: '/portal/ogpmsManage/RegisterUser',
  companies: '/compRegList',
  evalList: '/business/evaManage/compRegMngList',
  evalDetail: '/business/evaManage/compRegMngDetail',
} as const;
const READ = Object.values(APPLY_SCREENS);
const REASON_BYTES = 1000;
export const notFoundApplication = () => missing('APPLICATION_NOT_FOUND', '신청서를 찾을 수 없습니다');

/** A draft past its seven days reads as EXPIRED whether or not anything has marked it so. */
const shownStatus = sql<string>`case when a.status = 'DRAFT' and a.expires_at <= now() then 'EXPIRED' else a.status end`;

async function listApplications(db: Db, where: { receiptNo?: string; q?: Static<typeof ApplicationListQuery> }) {
  let base = db.selectFrom('supplierApplication as a').leftJoin('registrationEvaluation as e', 'e.receiptNo', 'a.receiptNo').leftJoin('company as ex', 'ex.compNo', 'a.compNo');
  if (where.receiptNo) base = base.where('a.receiptNo', '=', where.receiptNo);
  const q = where.q;
  if (q) {
    const r = given(q.receiptNo);
    if (r) base = base.where('a.receiptNo', 'ilike', `%${likeEscape(r)}%`);
    const name = given(q.compNameKr);
    if (name) base = base.where((eb) => eb.or([eb('a.compNameKr', 'ilike', `%${likeEscape(name)}%`), eb('ex.compNameKr', 'ilike', `%${likeEscape(name)}%`)]));
    if (q.applyType) base = base.where('a.applyType', '=', q.applyType);
    if (q.status?.length) base = base.where(shownStatus, 'in', q.status);
    if (q.userDecision) base = base.where('a.userDecision', '=', q.userDecision);
    if (given(q.fromDate)) base = base.where('a.createdAt', '>=', new Date(`${q.fromDate}T00:00:00+09:00`));
    if (given(q.toDate)) base = base.where('a.createdAt', '<', new Date(new Date(`${q.toDate}T00:00:00+09:00`).getTime() + 86_400_000));
  }
  const sort = parseSort(q?.sort, { field: 'receiptNo', direction: 'desc' });
  const field = sort.field as (typeof APPLICATION_SORT)[number];
  const { limit, offset } = q ? pageWindow(q) : { limit: 1, offset: 0 };
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select([
        'a.receiptNo', 'a.applyType', shownStatus.as('status'), 'a.step', 'a.taxNo', 'a.corpNo', 'a.ceoName', 'a.address', 'a.bizType', 'a.bizItem', 'a.compNo', 'a.userId', 'a.hname', 'a.email',
        'a.cellPhoneNo', 'a.bankCode', 'a.bankAccount', 'a.bankHolder', 'a.userDecision', 'a.userDecidedBy', 'a.userDecidedAt', 'e.evalNo', 'e.status as evalStatus', 'e.score', 'a.rejectReason',
        'a.submittedAt', 'a.decidedAt', 'a.expiresAt', 'a.version', 'a.fileId',
        sql<string | null>`coalesce(a.comp_name_kr, ex.comp_name_kr)`.as('compNameKr'),
        // Staff learn which registered company already holds a new company's number.
        sql<string | null>`(select c.comp_name_kr || ' (' || c.comp_no || ')' from company c where c.tax_no = a.tax_no and a.apply_type = 'NEW_COMPANY' and a.status <> 'APPROVED' limit 1)`.as('duplicateOf'),
      ])
      .orderBy(field === 'compNameKr' ? sql`coalesce(a.comp_name_kr, ex.comp_name_kr)` : field === 'status' ? shownStatus : sql.ref(`a.${field}`), sort.direction)
      .orderBy('a.receiptNo', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

async function present(db: Db, rows: Awaited<ReturnType<typeof listApplications>>['rows'], caller: Caller) {
  const [canDecide, bank] = await Promise.all([groupHoldsScreen(db, caller.authGroupId, [APPLY_SCREENS.users, APPLY_SCREENS.companies], 'write'), mayViewBank(db, caller)]);
  return rows.map(({ fileId: _f, taxNo, ...r }) => ({
    ...r,
    taxNo2: taxNo ? formatBusinessNumber(taxNo) : null,
    corpNo: r.corpNo ? formatCorporateNumber(r.corpNo) : null,
    bankAccount: bank ? r.bankAccount : maskBankAccount(r.bankAccount),
    score: r.score === null ? null : Number(r.score),
    userDecidedAt: iso(r.userDecidedAt),
    submittedAt: iso(r.submittedAt),
    decidedAt: iso(r.decidedAt),
    expiresAt: iso(r.expiresAt)!,
    actions: r.status === 'SUBMITTED' && canDecide ? (r.userDecision === 'PENDING' ? ['approveUser', 'reject'] : ['reject']) : [],
  }));
}

export async function applicationDetail(db: Db, receiptNo: string, caller: Caller) {
  const { rows } = await listApplications(db, { receiptNo });
  if (!rows.length) throw notFoundApplication();
  const [row] = await present(db, rows, caller);
  const [cats, attachments] = await Promise.all([
    db.selectFrom('supplierApplicationCategory as c').innerJoin('itemCategory as i', 'i.catCode', 'c.catCode').select(['i.nameKo']).where('c.receiptNo', '=', receiptNo).orderBy('c.catCode').execute(),
    loadAttachments(db, rows[0].fileId),
  ]);
  return { ...row, catNames: cats.map((c) => c.nameKo), attachments, fileId: rows[0].fileId };
}

/** Locks the application for a decision and checks its version and state. */
export async function lockSubmitted(trx: Db, receiptNo: string, version: number | null) {
  const a = await trx.selectFrom('supplierApplication').selectAll().where('receiptNo', '=', receiptNo).forUpdate().executeTakeFirst();
  if (!a) throw notFoundApplication();
  if (version !== null) checkVersion(version, a.version);
  if (a.status !== 'SUBMITTED') throw wrongState('심사 중인 신청서가 아닙니다', a.status);
  return a;
}

/**
 * Staff review of applications: /portal/ogpmsManage/RegisterUser (the user: approve or reject with
 * a reason) and /compRegList (a new company's registration request). A new company is created only
 * once both its user is approved and its registration evaluation passed (apply-finalize.ts).
 */
export const supplierApplyReviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/supplier-applications',
    {
      config: { access: access.login(READ, 'read', ['I']) },
      schema: { operationId: 'listSupplierApplications', tags, summary: 'Supplier applications (RegisterUser, compRegList), a draft past its 7 days shown as EXPIRED', querystring: ApplicationListQuery, response: { 200: ApplicationList, ...commonErrors } },
    },
    async (request) => {
      const { rows, total } = await listApplications(request.db, { q: request.query });
      return { rows: await present(request.db, rows, request.caller!), total };
    },
  );

  app.get(
    '/api/v1/supplier-applications/:receiptNo',
    {
      config: { access: access.login(READ, 'read', ['I']) },
      schema: { operationId: 'getSupplierApplication', tags, summary: 'One application with its categories and attachments', params: ReceiptParams, response: { 200: ApplicationDetail, ...commonErrors } },
    },
    async (request) => applicationDetail(request.db, request.params.receiptNo, request.caller!),
  );

  app.post(
    '/api/v1/supplier-applications/:receiptNo/approve-user',
    {
      config: { access: access.login([APPLY_SCREENS.users], 'write', ['I']) },
      schema: {
        operationId: 'approveSupplierApplicationUser',
        tags,
        summary: 'Approve the applying user; a new user of a registered company is created at once, a new company once its registration evaluation has passed',
        params: ReceiptParams,
        body: ApplicationDecisionBody,
        response: { 200: ApplicationDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const comment = text(request.body.comment);
      if (comment && byteLength(comment) > REASON_BYTES) failIf([{ path: 'body/comment', message: `의견은 ${REASON_BYTES}바이트를 넘을 수 없습니다` }]);
      await request.db.transaction().execute(async (trx) => {
        const a = await lockSubmitted(trx, request.params.receiptNo, request.body.version);
        if (a.userDecision !== 'PENDING') throw wrongState('이미 승인한 사용자입니다', a.userDecision);
        const now = new Date();
        await trx.updateTable('supplierApplication').set({ userDecision: 'APPROVED', userDecidedBy: caller.userId, userDecidedAt: now, userComment: comment, updatedAt: now, version: a.version + 1 }).where('receiptNo', '=', a.receiptNo).execute();
        await writeAudit(trx, { entity: 'supplier_application', entityKey: a.receiptNo, action: 'USER_APPROVE', actor: caller.userId, before: { userDecision: 'PENDING' }, after: { userDecision: 'APPROVED' }, reason: comment });
        await finishIfDecided(trx, { ...a, userDecision: 'APPROVED', version: a.version + 1 }, caller.userId);
      });
      return applicationDetail(request.db, request.params.receiptNo, caller);
    },
  );

  app.post(
    '/api/v1/supplier-applications/:receiptNo/reject',
    {
      config: { access: access.login([APPLY_SCREENS.users, APPLY_SCREENS.companies], 'write', ['I']) },
      schema: { operationId: 'rejectSupplierApplication', tags, summary: 'Reject an application with a reason; its open registration evaluation is cancelled; nothing is created', params: ReceiptParams, body: ApplicationDecisionBody, response: { 200: ApplicationDetail, 409: Type.Ref('ErrorBody'), ...commonErrors } },
    },
    async (request) => {
      const caller = request.caller!;
      const reason = text(request.body.comment);
      if (!reason) failIf([{ path: 'body/comment', message: '반려 사유를 입력하세요' }]);
      if (byteLength(reason!) > REASON_BYTES) failIf([{ path: 'body/comment', message: `반려 사유는 ${REASON_BYTES}바이트를 넘을 수 없습니다` }]);
      await request.db.transaction().execute(async (trx) => {
        const a = await lockSubmitted(trx, request.params.receiptNo, request.body.version);
        await rejectApplication(trx, a, caller.userId, reason!, 'REJECT');
      });
      return applicationDetail(request.db, request.params.receiptNo, caller);
    },
  );
};

/**
 * Rejection (by staff, or by a failed evaluation): the application closes, the password hash is
 * dropped, an open evaluation is cancelled, and the applicant is told why (the result notice).
 */
export async function rejectApplication(trx: Db, a: DecidedApplication & { version: number; userDecision: string }, actor: string, reason: string, action: string) {
  const now = new Date();
  await trx
    .updateTable('supplierApplication')
    .set({ status: 'REJECTED', rejectReason: reason, passwordHash: null, decidedAt: now, updatedAt: now, version: a.version + 1, ...(a.userDecision === 'PENDING' ? { userDecision: 'REJECTED' as const, userDecidedBy: actor, userDecidedAt: now } : {}) })
    .where('receiptNo', '=', a.receiptNo)
    .execute();
  await writeAudit(trx, { entity: 'supplier_application', entityKey: a.receiptNo, action, actor, after: { status: 'REJECTED' }, reason });
  const open = await trx.selectFrom('registrationEvaluation').select(['evalNo', 'version']).where('receiptNo', '=', a.receiptNo).where('status', '=', 'OPEN').executeTakeFirst();
  if (open) {
    await trx.updateTable('registrationEvaluation').set({ status: 'CANCELLED', updatedAt: now, version: open.version + 1 }).where('evalNo', '=', open.evalNo).execute();
    await writeAudit(trx, { entity: 'registration_evaluation', entityKey: open.evalNo, action: 'CANCEL', actor, reason });
  }
  await notifyApplicant(trx, a, false, reason);
}
