import crypto from 'node:crypto';
import { Type, type Static } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { byteLength } from '../../../lib/text.js';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { HttpError } from '../../http/errors.js';
import { given, likeEscape, pageWindow, parseSort } from '../../http/list-query.js';
import { groupHoldsScreen } from '../../auth/menu-authority.js';
import { writeAudit } from '../../db/audit.js';
import { nextDocumentNumber } from '../../db/document-number.js';
import { todayKst } from '../../domain/dates.js';
import type { Db } from '../../db/connect.js';
import type { Caller } from '../../auth/plugin.js';
import { checkVersion, failIf, missing, refused, wrongState } from '../../domain/errors.js';
import { iso, text } from '../../domain/values.js';
import { postingWindowMs } from '../fulfilment/posting/connector.js';
import { createVendorConnector, type VendorConnector } from './erp-vendor-connector.js';
import { notFoundSupplier } from './master.js';
import { ERP_APP_SORT, ERP_APP_STATES, ErpAppCreateBody, ErpAppDetail, ErpAppList, ErpAppListQuery, AppNoParams } from './schemas.js';
import { VersionBody } from '../../domain/schemas.js';

export const ERP_SCREENS = { list: '/compGerpAppList', edit: '/compGerpAppEdit' } as const;
const SCREENS = Object.values(ERP_SCREENS);
const tags = ['suppliers'];
const notFoundApp = () => missing('ERP_VENDOR_APP_NOT_FOUND', 'ERP 등록신청을 찾을 수 없습니다');

function actionsFor(status: string, canWrite: boolean, stale: boolean): string[] {
  if (!canWrite) return [];
  if (status === 'READY' || status === 'FAILED' || (status === 'SENDING' && stale)) return ['send'];
  return [];
}

async function listApps(db: Db, filter: { appNo?: string; q?: Static<typeof ErpAppListQuery> }) {
  let base = db.selectFrom('erpVendorApp as a').innerJoin('company as c', 'c.compNo', 'a.compNo').leftJoin('appUser as u', 'u.userId', 'a.requestedBy');
  if (filter.appNo) base = base.where('a.appNo', '=', filter.appNo);
  const q = filter.q;
  if (q) {
    if (q.status?.length) base = base.where('a.status', 'in', q.status as Array<(typeof ERP_APP_STATES)[number]>);
    const compNo = given(q.compNo);
    if (compNo) base = base.where('a.compNo', '=', compNo.toUpperCase());
    const name = given(q.compNameKr);
    if (name) base = base.where('c.compNameKr', 'ilike', `%${likeEscape(name)}%`);
  }
  const sort = parseSort(q?.sort, { field: 'requestedAt', direction: 'desc' });
  const field = sort.field as (typeof ERP_APP_SORT)[number];
  const ref = field === 'compNameKr' ? ('c.compNameKr' as const) : (`a.${field}` as const);
  const { limit, offset } = q ? pageWindow(q) : { limit: 1, offset: 0 };
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select(['a.appNo', 'a.compNo', 'c.compNameKr', 'c.taxNo2', 'c.status as compStatus', 'a.status', 'a.erpVendorNo', 'a.attempts', 'a.lastError', 'a.httpStatus', 'a.remark', 'a.requestedBy', 'u.hname as requestedByName', 'a.requestedAt', 'a.sendingAt', 'a.sentAt', 'a.sentBy', 'a.version'])
      .orderBy(ref, sort.direction)
      .orderBy('a.appNo', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * ERP vendor applications (/compGerpAppList, /compGerpAppEdit): a trading supplier is created in
 * the ERP's vendor master exactly once. The send marks the application SENDING in its own
 * transaction (so two clicks cannot both call the ERP), calls the ERP outside any transaction
 * with the application's fixed Idempotency-Key, then records SENT with the ERP's vendor number, or
 * FAILED with its message (answered 424; a later send retries with the same key). A SENDING
 * application older than the posting window was interrupted and may be sent again.
 */
export const erpVendorRoutes: FastifyPluginAsyncTypebox<{ connector?: VendorConnector }> = async (app, opts) => {
  const connector = opts.connector ?? createVendorConnector(app.config);
  const windowMs = postingWindowMs(app.config);

  async function present(db: Db, rows: Awaited<ReturnType<typeof listApps>>['rows'], caller: Caller) {
    const canWrite = await groupHoldsScreen(db, caller.authGroupId, [ERP_SCREENS.edit, ERP_SCREENS.list], 'write');
    const now = Date.now();
    return rows.map((r) => ({
      ...r,
      requestedAt: iso(r.requestedAt)!,
      sendingAt: iso(r.sendingAt),
      sentAt: iso(r.sentAt),
      actions: actionsFor(r.status, canWrite, r.sendingAt !== null && now - r.sendingAt.getTime() > windowMs),
    }));
  }

  async function one(db: Db, appNo: string, caller: Caller) {
    const { rows } = await listApps(db, { appNo });
    if (!rows.length) throw notFoundApp();
    return (await present(db, rows, caller))[0];
  }

  app.get(
    '/api/v1/erp-vendor-apps',
    {
      config: { access: access.login(SCREENS, 'read', ['I']) },
      schema: { operationId: 'listErpVendorApps', tags, summary: 'ERP vendor applications (compGerpAppList): state, ERP vendor number, last failure', querystring: ErpAppListQuery, response: { 200: ErpAppList, ...commonErrors } },
    },
    async (request) => {
      const { rows, total } = await listApps(request.db, { q: request.query });
      return { rows: await present(request.db, rows, request.caller!), total };
    },
  );

  app.get(
    '/api/v1/erp-vendor-apps/:appNo',
    {
      config: { access: access.login(SCREENS, 'read', ['I']) },
      schema: { operationId: 'getErpVendorApp', tags, summary: 'One ERP vendor application (compGerpAppEdit)', params: AppNoParams, response: { 200: ErpAppDetail, ...commonErrors } },
    },
    async (request) => one(request.db, request.params.appNo, request.caller!),
  );

  app.post(
    '/api/v1/erp-vendor-apps',
    {
      config: { access: access.login([ERP_SCREENS.edit], 'write', ['I']) },
      schema: { operationId: 'createErpVendorApp', tags, summary: 'Apply to create a trading supplier in the ERP vendor master (one application per supplier)', body: ErpAppCreateBody, response: { 200: ErpAppDetail, 409: Type.Ref('ErrorBody'), ...commonErrors } },
    },
    async (request) => {
      const caller = request.caller!;
      const compNo = request.body.compNo.trim().toUpperCase();
      const remark = text(request.body.remark);
      if (remark && byteLength(remark) > 1000) failIf([{ path: 'body/remark', message: '비고는 1000바이트를 넘을 수 없습니다' }]);
      const appNo = await request.db.transaction().execute(async (trx) => {
        const company = await trx.selectFrom('company').select(['compNo', 'status']).where('compNo', '=', compNo).forUpdate().executeTakeFirst();
        if (!company) throw notFoundSupplier();
        if (company.status !== 'ACTIVE') throw refused('SUPPLIER_NOT_ACTIVE', '거래 중인 협력사만 ERP에 등록할 수 있습니다');
        const existing = await trx.selectFrom('erpVendorApp').select(['appNo', 'status']).where('compNo', '=', compNo).executeTakeFirst();
        if (existing) throw refused('ERP_VENDOR_APP_EXISTS', `이미 ERP 등록신청이 있습니다: ${existing.appNo}`, { appNo: existing.appNo });
        const appNo = await nextDocumentNumber(trx, 'GV', todayKst());
        const row = { appNo, compNo, status: 'READY' as const, idempotencyKey: crypto.randomUUID(), remark, requestedBy: caller.userId };
        await trx.insertInto('erpVendorApp').values(row).execute();
        await writeAudit(trx, { entity: 'erp_vendor_app', entityKey: appNo, action: 'CREATE', actor: caller.userId, after: row });
        return appNo;
      });
      return one(request.db, appNo, caller);
    },
  );

  app.post(
    '/api/v1/erp-vendor-apps/:appNo/send',
    {
      config: { access: access.login([ERP_SCREENS.edit, ERP_SCREENS.list], 'write', ['I']) },
      schema: {
        operationId: 'sendErpVendorApp',
        tags,
        summary: 'Send the application to the ERP (once; a failed one again, with the same Idempotency-Key); failure: 424 ERP_VENDOR_FAILED with the ERP’s message, recorded',
        params: AppNoParams,
        body: VersionBody,
        response: { 200: ErpAppDetail, 409: Type.Ref('ErrorBody'), 424: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const appNo = request.params.appNo;
      const claimed = await request.db.transaction().execute(async (trx) => {
        const a = await trx.selectFrom('erpVendorApp').selectAll().where('appNo', '=', appNo).forUpdate().executeTakeFirst();
        if (!a) throw notFoundApp();
        checkVersion(request.body.version, a.version);
        if (a.status === 'SENT') throw refused('ERP_VENDOR_ALREADY_SENT', `이미 ERP에 등록된 협력사입니다 (거래처 번호 ${a.erpVendorNo})`, { erpVendorNo: a.erpVendorNo });
        if (a.status === 'SENDING' && a.sendingAt && Date.now() - a.sendingAt.getTime() <= windowMs) throw wrongState('ERP 전송이 진행 중입니다. 잠시 후 다시 조회하세요', a.status);
        const c = await trx.selectFrom('company').selectAll().where('compNo', '=', a.compNo).executeTakeFirstOrThrow();
        if (c.status !== 'ACTIVE') throw refused('SUPPLIER_NOT_ACTIVE', '거래 중인 협력사만 ERP에 등록할 수 있습니다');
        await trx.updateTable('erpVendorApp').set({ status: 'SENDING', sendingAt: new Date(), attempts: a.attempts + 1, version: a.version + 1 }).where('appNo', '=', appNo).execute();
        await writeAudit(trx, { entity: 'erp_vendor_app', entityKey: appNo, action: 'SEND', actor: caller.userId, before: { status: a.status }, after: { status: 'SENDING', attempt: a.attempts + 1 } });
        return { app: a, company: c };
      });
      const { app: a, company: c } = claimed;
      const result = await connector.send(
        {
          appNo, compNo: c.compNo, name: c.compNameKr, nameEn: c.compNameEn, taxNo: c.taxNo, corpNo: c.corpNo, ceoName: c.ceoName, address: c.address, phoneNo: c.phoneNo, email: c.email,
          bank: { code: c.bankCode, account: c.bankAccount, holder: c.bankHolder },
        },
        a.idempotencyKey,
      );
      await request.db.transaction().execute(async (trx) => {
        const now = new Date();
        const set = result.ok
          ? { status: 'SENT' as const, erpVendorNo: result.erpDocNo, sentAt: now, sentBy: caller.userId, lastError: null, httpStatus: null }
          : { status: 'FAILED' as const, lastError: result.message.slice(0, 2000), httpStatus: result.httpStatus };
        await trx.updateTable('erpVendorApp').set({ ...set, version: a.version + 2 }).where('appNo', '=', appNo).execute();
        await writeAudit(trx, { entity: 'erp_vendor_app', entityKey: appNo, action: result.ok ? 'SENT' : 'FAILED', actor: caller.userId, after: result.ok ? { erpVendorNo: result.erpDocNo } : { message: result.message, httpStatus: result.httpStatus, erpCode: result.erpCode }, reason: result.ok ? null : result.message });
      });
      if (!result.ok) {
        throw new HttpError(424, 'ERP_VENDOR_FAILED', `ERP 거래처 등록에 실패했습니다: ${result.message}. 다시 전송할 수 있습니다`, { appNo, httpStatus: result.httpStatus, erpCode: result.erpCode });
      }
      return one(request.db, appNo, caller);
    },
  );
};
