import crypto from 'node:crypto';
import type { Static } from 'typebox';
import { byteLength } from '../../../../lib/text.js';
import { HttpError } from '../../../http/errors.js';
import { groupHoldsScreen } from '../../../auth/menu-authority.js';
import { writeAudit } from '../../../db/audit.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import { todayKst } from '../../../domain/dates.js';
import type { Db } from '../../../db/connect.js';
import type { Caller } from '../../../auth/plugin.js';
import { checkVersion, failIf, missing, refused, wrongState } from '../../../domain/errors.js';
import { iso, text } from '../../../domain/values.js';
import type { VendorConnector } from '../erp-vendor-connector.js';
import { ERP_SCREENS } from '../screens.js';
import { notFoundSupplier } from '../master/service.js';
import { findCompany, lockCompany } from '../master/queries.js';
import type { ErpAppCreateBody, ErpAppListQuery } from '../schemas.js';
import {
  appOfCompany,
  insertErpVendorApp,
  listErpVendorApps,
  lockErpVendorApp,
  updateErpVendorApp,
  type ErpVendorAppListRow,
} from './queries.js';

/** The ERP seam and how long a send may take before a SENDING application counts as interrupted. */
export interface ErpVendorDeps {
  connector: VendorConnector;
  windowMs: number;
}

const notFoundApp = () => missing('ERP_VENDOR_APP_NOT_FOUND', 'ERP 등록신청을 찾을 수 없습니다');

function actionsFor(status: string, canWrite: boolean, stale: boolean): string[] {
  if (!canWrite) return [];
  if (status === 'READY' || status === 'FAILED' || (status === 'SENDING' && stale)) return ['send'];
  return [];
}

async function present(db: Db, deps: ErpVendorDeps, rows: ErpVendorAppListRow[], caller: Caller) {
  const canWrite = await groupHoldsScreen(db, caller.authGroupId, [ERP_SCREENS.edit, ERP_SCREENS.list], 'write');
  // real time: an in-flight send lease and its window are technical time
  const now = Date.now();
  return rows.map((r) => ({
    ...r,
    requestedAt: iso(r.requestedAt)!,
    sendingAt: iso(r.sendingAt),
    sentAt: iso(r.sentAt),
    actions: actionsFor(r.status, canWrite, r.sendingAt !== null && now - Date.parse(r.sendingAt) > deps.windowMs),
  }));
}

export async function searchErpVendorApps(
  db: Db,
  deps: ErpVendorDeps,
  q: Static<typeof ErpAppListQuery>,
  caller: Caller,
) {
  const { rows, total } = await listErpVendorApps(db, { q });
  return { rows: await present(db, deps, rows, caller), total };
}

export async function erpVendorApp(db: Db, deps: ErpVendorDeps, appNo: string, caller: Caller) {
  const { rows } = await listErpVendorApps(db, { appNo });
  if (!rows.length) throw notFoundApp();
  return (await present(db, deps, rows, caller))[0];
}

/** One application per supplier, for a trading one only. */
export async function createErpVendorApp(
  db: Db,
  deps: ErpVendorDeps,
  body: Static<typeof ErpAppCreateBody>,
  caller: Caller,
  now: Date,
) {
  const compNo = body.compNo.trim().toUpperCase();
  const remark = text(body.remark);
  if (remark && byteLength(remark) > 1000)
    failIf([{ path: 'body/remark', message: '비고는 1000바이트를 넘을 수 없습니다' }]);
  const appNo = await db.transaction().execute(async (trx) => {
    const company = await lockCompany(trx, compNo);
    if (!company) throw notFoundSupplier();
    if (company.status !== 'ACTIVE')
      throw refused('SUPPLIER_NOT_ACTIVE', '거래 중인 협력사만 ERP에 등록할 수 있습니다');
    const existing = await appOfCompany(trx, compNo);
    if (existing)
      throw refused('ERP_VENDOR_APP_EXISTS', `이미 ERP 등록신청이 있습니다: ${existing.appNo}`, {
        appNo: existing.appNo,
      });
    const appNo = await nextDocumentNumber(trx, 'GV', todayKst(now));
    const row = {
      appNo,
      compNo,
      status: 'READY' as const,
      idempotencyKey: crypto.randomUUID(),
      remark,
      requestedBy: caller.userId,
    };
    await insertErpVendorApp(trx, row);
    await writeAudit(trx, {
      entity: 'erp_vendor_app',
      entityKey: appNo,
      action: 'CREATE',
      actor: caller.userId,
      after: row,
    });
    return appNo;
  });
  return erpVendorApp(db, deps, appNo, caller);
}

/**
 * The send marks the application SENDING in its own transaction (so two clicks cannot both call
 * the ERP), calls the ERP outside any transaction with the application's fixed Idempotency-Key,
 * then records SENT with the ERP's vendor number, or FAILED with its message (answered 424; a
 * later send retries with the same key). A SENDING application older than the posting window was
 * interrupted and may be sent again.
 */
export async function sendErpVendorApp(db: Db, deps: ErpVendorDeps, appNo: string, version: number, caller: Caller) {
  const claimed = await db.transaction().execute(async (trx) => {
    const a = await lockErpVendorApp(trx, appNo);
    if (!a) throw notFoundApp();
    checkVersion(version, a.version);
    if (a.status === 'SENT')
      throw refused('ERP_VENDOR_ALREADY_SENT', `이미 ERP에 등록된 협력사입니다 (거래처 번호 ${a.erpVendorNo})`, {
        erpVendorNo: a.erpVendorNo,
      });
    // real time: an in-flight send lease and its window are technical time
    if (a.status === 'SENDING' && a.sendingAt && Date.now() - Date.parse(a.sendingAt) <= deps.windowMs)
      throw wrongState('ERP 전송이 진행 중입니다. 잠시 후 다시 조회하세요', a.status);
    const c = (await findCompany(trx, a.compNo))!;
    if (c.status !== 'ACTIVE') throw refused('SUPPLIER_NOT_ACTIVE', '거래 중인 협력사만 ERP에 등록할 수 있습니다');
    await updateErpVendorApp(trx, appNo, {
      status: 'SENDING',
      // real time: an in-flight send lease and its window are technical time
      sendingAt: new Date(),
      attempts: a.attempts + 1,
      version: a.version + 1,
    });
    await writeAudit(trx, {
      entity: 'erp_vendor_app',
      entityKey: appNo,
      action: 'SEND',
      actor: caller.userId,
      before: { status: a.status },
      after: { status: 'SENDING', attempt: a.attempts + 1 },
    });
    return { app: a, company: c };
  });
  const { app: a, company: c } = claimed;
  const result = await deps.connector.send(
    {
      appNo,
      compNo: c.compNo,
      name: c.compNameKr,
      nameEn: c.compNameEn,
      taxNo: c.taxNo,
      corpNo: c.corpNo,
      ceoName: c.ceoName,
      address: c.address,
      phoneNo: c.phoneNo,
      email: c.email,
      bank: { code: c.bankCode, account: c.bankAccount, holder: c.bankHolder },
    },
    a.idempotencyKey,
  );
  await db.transaction().execute(async (trx) => {
    // real time: an in-flight send lease and its window are technical time
    const now = new Date();
    const set = result.ok
      ? {
          status: 'SENT' as const,
          erpVendorNo: result.erpDocNo,
          sentAt: now,
          sentBy: caller.userId,
          lastError: null,
          httpStatus: null,
        }
      : { status: 'FAILED' as const, lastError: result.message.slice(0, 2000), httpStatus: result.httpStatus };
    await updateErpVendorApp(trx, appNo, { ...set, version: a.version + 2 });
    await writeAudit(trx, {
      entity: 'erp_vendor_app',
      entityKey: appNo,
      action: result.ok ? 'SENT' : 'FAILED',
      actor: caller.userId,
      after: result.ok
        ? { erpVendorNo: result.erpDocNo }
        : { message: result.message, httpStatus: result.httpStatus, erpCode: result.erpCode },
      reason: result.ok ? null : result.message,
    });
  });
  if (!result.ok) {
    throw new HttpError(
      424,
      'ERP_VENDOR_FAILED',
      `ERP 거래처 등록에 실패했습니다: ${result.message}. 다시 전송할 수 있습니다`,
      { appNo, httpStatus: result.httpStatus, erpCode: result.erpCode },
    );
  }
  return erpVendorApp(db, deps, appNo, caller);
}
