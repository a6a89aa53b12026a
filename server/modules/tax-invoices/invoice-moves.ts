/**
 * What every tax-invoice operation shares: the configuration it works with, and the lifecycle's
 * moves — the lock, the version check, the event and audit rows, the refusals kept in the history.
 */
import type { Updateable } from 'kysely';
import type { Database } from '../../db/schema.generated.js';
import type { Config } from '../../config.js';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import { checkVersion, missing, refused } from '../../domain/errors.js';
import { nextStatus, wrongStateMessage, transition } from '../../domain/machine.js';
import { HttpError } from '../../http/errors.js';
import type { ObjectStore } from '../../storage/object-store.js';
import type { Corrections } from './correcting-voucher.js';
import type { FileTaxInvoiceProvider } from './file-provider.js';
import { TAX_INVOICE_MACHINE, type TaxInvoiceAction } from './machine.js';
import type { TaxInvoiceProvider } from './provider.js';
import { insertEvent, lockInvoice, updateInvoice } from './queries.js';

export interface TaxInvoices {
  provider: TaxInvoiceProvider;
  store: ObjectStore;
  config: Pick<Config, 'buyerCorpNum' | 'buyerCorpName' | 'buyerCeoName' | 'taxRounding' | 'taxInvoiceGate'>;
  now: () => Date;
  /** The posting module's correcting vouchers, asked when an amendment document is accepted by the NTS. */
  corrections: Corrections;
}

export type Invoice = NonNullable<Awaited<ReturnType<typeof lockInvoice>>>;
export type InvoiceChange = Updateable<Database['taxInvoice']>;

export const buyerOf = (ti: TaxInvoices) => ({
  corpNum: ti.config.buyerCorpNum,
  corpName: ti.config.buyerCorpName,
  ceoName: ti.config.buyerCeoName,
});
export const NOT_FOUND = () => missing('TAX_INVOICE_NOT_FOUND', '세금계산서를 찾을 수 없습니다');
export const kstDay = (d: Date) => new Date(d.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
export const dayOf = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
const isFile = (p: TaxInvoiceProvider): p is FileTaxInvoiceProvider => p.kind === 'file';

// ── events ─────────────────────────────────────────────────────────────────
export async function event(
  trx: Db,
  inv: Pick<Invoice, 'mgtKey' | 'compNo'>,
  e: {
    action: string;
    from: string | null;
    to: string | null;
    outcome: 'DONE' | 'REFUSED' | 'FAILED';
    code?: string | null;
    message?: string | null;
    actor: string;
  },
) {
  await insertEvent(trx, {
    mgtKey: inv.mgtKey,
    compNo: inv.compNo,
    action: e.action,
    fromStatus: e.from,
    toStatus: e.to,
    outcome: e.outcome,
    code: e.code ?? null,
    message: e.message?.slice(0, 2000) ?? null,
    actor: e.actor,
  });
}

/** A refused move, kept in the history in its own transaction, then answered 409. */
export async function refuseMove(db: Db, inv: Invoice, action: TaxInvoiceAction, actor: string): Promise<never> {
  const message = wrongStateMessage(TAX_INVOICE_MACHINE, action, inv.status);
  await db.transaction().execute((trx) =>
    event(trx, inv, {
      action,
      from: inv.status,
      to: null,
      outcome: 'REFUSED',
      code: 'INVALID_STATE',
      message,
      actor,
    }),
  );
  return transition(TAX_INVOICE_MACHINE, action, inv.status) as never;
}

export async function locked(trx: Db, mgtKey: string, version?: number): Promise<Invoice> {
  const inv = await lockInvoice(trx, mgtKey);
  if (!inv) throw NOT_FOUND();
  if (version !== undefined) checkVersion(version, inv.version);
  return inv;
}

/** Moves the invoice (its lock held) and writes the event and the audit row. */
export async function move(
  trx: Db,
  inv: Invoice,
  action: TaxInvoiceAction,
  actor: string,
  values: InvoiceChange = {},
  note?: { code?: string | null; message?: string | null },
) {
  const to = transition(TAX_INVOICE_MACHINE, action, inv.status);
  // updatedAt only (a technical stamp): the business moments come in `values`, dated by the caller's clock.
  // real time: updatedAt only; the business moments come in `values`, dated by the caller’s clock
  const now = new Date();
  await updateInvoice(trx, inv.mgtKey, { ...values, status: to, version: inv.version + 1, updatedAt: now });
  await event(trx, inv, {
    action,
    from: inv.status,
    to,
    outcome: 'DONE',
    code: note?.code,
    message: note?.message,
    actor,
  });
  await writeAudit(trx, {
    entity: 'tax_invoice',
    entityKey: inv.mgtKey,
    action: action.toUpperCase(),
    actor,
    before: { status: inv.status },
    after: { status: to, ...values },
  });
  return to;
}

/** Checks the move is allowed before any provider call: a refused one is kept in the history and answered 409. */
export async function allowed(
  db: Db,
  mgtKey: string,
  action: TaxInvoiceAction,
  actor: string,
  version?: number,
): Promise<Invoice> {
  const inv = await db.transaction().execute((trx) => locked(trx, mgtKey, version));
  if (nextStatus(TAX_INVOICE_MACHINE, action, inv.status) === null) await refuseMove(db, inv, action, actor);
  return inv;
}

/** A provider's refusal, kept with its code and message, answered 424. */
export async function providerFailed(
  db: Db,
  inv: Invoice,
  action: string,
  r: { code: string | null; message: string; attempts: number; httpStatus: number | null },
  actor: string,
): Promise<never> {
  await db.transaction().execute((trx) =>
    event(trx, inv, {
      action,
      from: inv.status,
      to: null,
      outcome: 'FAILED',
      code: r.code,
      message: r.message,
      actor,
    }),
  );
  throw new HttpError(424, 'TAX_PROVIDER_FAILED', `세금계산서 발행 대행사가 처리하지 못했습니다: ${r.message}`, {
    code: r.code,
    attempts: r.attempts,
    httpStatus: r.httpStatus,
  });
}

// ── the supplier (file provider: it issues in /cyber) ─────────────────────
export function providerManaged(ti: TaxInvoices): void {
  if (!isFile(ti.provider))
    throw refused('PROVIDER_MANAGED', '세금계산서 발행 대행사에서 처리하세요. 이 화면은 대행사의 상태를 따릅니다');
}
