/** What the correcting vouchers of accepted amendments read: the documents still owed one, the amendments pending. */
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

/**
 * Amendment documents the NTS accepted (전송 성공) whose settlement is posted and which no correcting voucher carries
 * yet — one document (`mgtKey`) or, for the follow-up job's sweep, any of them (at most `limit`). Carried is by key
 * (erp_voucher_document, migration 1161): an amendment's voucher made the old way, at drafting, carries each of its
 * documents, so its second document (case 1's corrected copy, case 5's 영세율 one) is not posted again.
 */
export function acceptedAmendmentsOwingVoucher(db: Db, opts: { mgtKey?: string; limit: number }) {
  let q = db
    .selectFrom('taxInvoice as t')
    .innerJoin('taxInvoice as o', 'o.mgtKey', 't.amendsMgtKey')
    .innerJoin('settlement as s', 's.settleNo', 't.settleNo')
    .select([
      't.mgtKey',
      't.settleNo',
      't.compNo',
      't.period',
      't.amendReason',
      'o.ntsConfirmNum as originalNtsConfirmNum',
    ])
    .where('t.status', '=', 'NTS_SUCCESS')
    .where('s.status', '=', 'POSTED')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('erpVoucherDocument as v')
            .select(sql`1`.as('one'))
            .whereRef('v.mgtKey', '=', 't.mgtKey'),
        ),
      ),
    );
  if (opts.mgtKey) q = q.where('t.mgtKey', '=', opts.mgtKey);
  return q.orderBy('t.createdAt').orderBy('t.mgtKey').limit(opts.limit).execute();
}

/** A settlement's amendment documents not yet accepted by the NTS and not withdrawn or refused (the gate waits). */
export function pendingAmendmentsOf(db: Db, settleNo: string) {
  return db
    .selectFrom('taxInvoice')
    .select(['mgtKey', 'status', 'amendsMgtKey'])
    .where('settleNo', '=', settleNo)
    .where('amendsMgtKey', 'is not', null)
    .where('status', 'not in', ['NTS_SUCCESS', 'REFUSED', 'CANCELLED'])
    .orderBy('mgtKey')
    .execute();
}
