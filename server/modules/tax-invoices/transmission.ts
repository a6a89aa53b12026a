/** Staff record the NTS's answer by hand (file provider, 정발행): marked for the separation of duties. */
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import type { FileTaxInvoiceProvider } from './file-provider.js';
import type { TaxInvoiceAction } from './machine.js';
import type { ProviderState } from './provider.js';
import { findInvoiceRow } from './queries.js';
import { type TaxInvoices, locked, move, allowed, providerFailed, providerManaged } from './invoice-moves.js';
import { getInvoice } from './reading.js';
import { keepEvidence } from './evidence.js';
import { correctAcceptedAmendments } from './amendment-vouchers.js';
import { tellSupplierOfRefusal } from './refusal-notices.js';

/** Staff record the NTS's answer for an invoice the supplier issued outside any provider (the file provider). */
export async function recordTransmission(
  db: Db,
  ti: TaxInvoices,
  mgtKey: string,
  body: { version: number; outcome: 'SENT' | 'SUCCEEDED' | 'FAILED'; code?: string; message?: string },
  actor: string,
) {
  const action: TaxInvoiceAction =
    body.outcome === 'SENT' ? 'send' : body.outcome === 'SUCCEEDED' ? 'ntsSucceeded' : 'ntsFailed';
  // A forward-issued (정발행) invoice never went through our provider: its NTS result is recorded
  // here whatever the provider, as read at 홈택스 or in the supplier's notice.
  const forward = (await findInvoiceRow(db, mgtKey))?.issueKind === 'FORWARD';
  if (!forward) providerManaged(ti);
  const inv = await allowed(db, mgtKey, action, actor, body.version);
  if (!forward) {
    const status = { send: 'SENT', ntsSucceeded: 'NTS_SUCCESS', ntsFailed: 'NTS_FAILED' }[
      action as 'send'
    ] as ProviderState['status'];
    const r = await (ti.provider as FileTaxInvoiceProvider).record(mgtKey, {
      status,
      ntsConfirmNum: inv.ntsConfirmNum,
      ntsResult: body.code ?? null,
      memo: body.message ?? null,
      issueDT: inv.issuedAt ? new Date(inv.issuedAt).toISOString() : null,
    });
    if (!r.ok) await providerFailed(db, inv, action, r, actor);
  }
  await db.transaction().execute(async (trx) => {
    const cur = await locked(trx, mgtKey, inv.version);
    const now = ti.now();
    await move(
      trx,
      cur,
      action,
      actor,
      action === 'send'
        ? { sentAt: now }
        : { ntsAt: now, ntsResult: body.code ?? (action === 'ntsSucceeded' ? 'SUCCESS' : 'FAILED') },
      { code: body.code, message: body.message },
    );
    if (action === 'ntsFailed')
      await tellSupplierOfRefusal(
        trx,
        cur,
        'NTS_FAILED',
        [body.code, body.message].filter(Boolean).join(' ') || '국세청 전송 실패',
      );
    // Self-declared: nothing but this person's word says the NTS received it. Marked, so that the
    // same person cannot also post the settlement (checkPostingGate, separation of duties).
    await writeAudit(trx, {
      entity: 'tax_invoice',
      entityKey: mgtKey,
      action: 'TRANSMISSION_RECORDED',
      actor,
      after: { outcome: body.outcome, code: body.code ?? null },
    });
  });
  // A forward invoice's evidence is the XML kept at its intake; a file provider has none of its own.
  if (action === 'ntsSucceeded' && !forward) await keepEvidence(db, ti, mgtKey, actor);
  if (action === 'ntsSucceeded') await correctAcceptedAmendments(db, ti.corrections, actor, ti.now(), mgtKey);
  return getInvoice(db, mgtKey);
}
