/** The evidence of a transmitted invoice (XML, PDF): kept with its hash, downloaded, deleted after retention. */
import crypto from 'node:crypto';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import { missing, refused } from '../../domain/errors.js';
import { readSmall } from '../../storage/object-store.js';
import { deleteFileRow, findFile, insertFile } from './queries.js';
import { type TaxInvoices, kstDay, dayOf, event, locked } from './invoice-moves.js';

/**
 * Evidence is kept five years from the statutory filing deadline of the VAT period the invoice
 * falls in (국세기본법 §85조의3②, 부가가치세법 §71): 1기 (Jan–Jun) is filed by 25 July, 2기 by 25 January.
 */
export function retentionUntil(writeDate: string): string {
  const y = Number(writeDate.slice(0, 4));
  const m = Number(writeDate.slice(5, 7));
  const filing = m <= 6 ? `${y}-07-25` : `${y + 1}-01-25`;
  return `${Number(filing.slice(0, 4)) + 5}${filing.slice(4)}`;
}

// ── evidence ───────────────────────────────────────────────────────────────
/** The provider's XML and PDF of a transmitted invoice, kept with their hash until the retention day. */
export async function keepEvidence(db: Db, ti: TaxInvoices, mgtKey: string, actor: string) {
  const inv = await db.transaction().execute((trx) => locked(trx, mgtKey));
  for (const kind of ['XML', 'PDF'] as const) {
    if (await findFile(db, mgtKey, kind)) continue;
    const r = await ti.provider.document(mgtKey, kind === 'XML' ? 'xml' : 'pdf');
    if (!r.ok) {
      await db.transaction().execute((trx) =>
        event(trx, inv, {
          action: `document${kind}`,
          from: inv.status,
          to: null,
          outcome: 'FAILED',
          code: r.code,
          message: r.message,
          actor,
        }),
      );
      continue;
    }
    const storageKey = `tax-invoices/evidence/${inv.period}/${mgtKey}.${kind.toLowerCase()}`;
    await ti.store.put(storageKey, r.value);
    const sha256 = crypto.createHash('sha256').update(r.value).digest('hex');
    await db.transaction().execute(async (trx) => {
      await insertFile(trx, {
        mgtKey,
        compNo: inv.compNo,
        kind,
        storageKey,
        contentSha: sha256,
        sizeBytes: r.value.length,
        retainUntil: retentionUntil(dayOf(inv.writeDate)),
      });
      await writeAudit(trx, {
        entity: 'tax_invoice',
        entityKey: mgtKey,
        action: `KEEP_${kind}`,
        actor,
        after: { storageKey, sha256 },
      });
    });
  }
}

export async function downloadFile(db: Db, ti: TaxInvoices, mgtKey: string, format: 'xml' | 'pdf') {
  const f = await findFile(db, mgtKey, format === 'xml' ? 'XML' : 'PDF');
  if (!f) throw missing('TAX_INVOICE_FILE_NOT_FOUND', '보관된 세금계산서 파일이 없습니다');
  const stream = await ti.store.get(f.storageKey);
  if (!stream) throw missing('TAX_INVOICE_FILE_NOT_FOUND', '보관된 세금계산서 파일이 없습니다');
  const body = await readSmall(stream);
  return {
    body,
    contentType: format === 'xml' ? 'application/xml; charset=utf-8' : 'application/pdf',
    fileName: `${mgtKey}.${format}`,
    sha256: f.contentSha,
  };
}

/** Deleting evidence is refused until its retention day has passed. */
export async function deleteFile(db: Db, ti: TaxInvoices, mgtKey: string, format: 'xml' | 'pdf', actor: string) {
  const kind = format === 'xml' ? 'XML' : 'PDF';
  const f = await findFile(db, mgtKey, kind);
  if (!f) throw missing('TAX_INVOICE_FILE_NOT_FOUND', '보관된 세금계산서 파일이 없습니다');
  const until = dayOf(f.retainUntil);
  if (kstDay(ti.now()) <= until)
    throw refused(
      'RETENTION_PERIOD',
      `세금계산서 증빙은 ${until}까지 보관해야 하므로 삭제할 수 없습니다 (국세기본법 제85조의3)`,
      { retainUntil: until },
    );
  await db.transaction().execute(async (trx) => {
    await deleteFileRow(trx, mgtKey, kind);
    await writeAudit(trx, {
      entity: 'tax_invoice',
      entityKey: mgtKey,
      action: `DELETE_${kind}`,
      actor,
      before: { storageKey: f.storageKey, sha256: f.contentSha },
    });
  });
  await ti.store.delete(f.storageKey);
  return { deleted: true };
}
