import type { Db } from '../../../db/connect.js';
import { todayKst } from './values.js';

/** Readable document numbers: PR2026-000123, RFQ2026-…, QT2026-…, PO2026-…, LOI2026-…. */
export type DocPrefix = 'PR' | 'RFQ' | 'QT' | 'PO' | 'LOI';

export function formatDocNo(prefix: DocPrefix, year: string, seq: number): string {
  return `${prefix}${year}-${String(seq).padStart(6, '0')}`;
}

/**
 * The next number of a prefix in the current (Korean) year, allocated inside the caller's
 * transaction: the upsert locks the sequence row until that transaction ends, so two
 * concurrent documents never share a number, and a rolled-back one leaves no gap behind it.
 */
export async function nextDocNo(trx: Db, prefix: DocPrefix, today: string = todayKst()): Promise<string> {
  const year = today.slice(0, 4);
  const row = await trx
    .insertInto('documentSequence')
    .values({ prefix, period: year, lastValue: 1 })
    .onConflict((oc) => oc.columns(['prefix', 'period']).doUpdateSet((eb) => ({ lastValue: eb('documentSequence.lastValue', '+', 1) })))
    .returning('lastValue')
    .executeTakeFirstOrThrow();
  return formatDocNo(prefix, year, row.lastValue);
}
