import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import { todayKst } from '../../../domain/dates.js';

/** Readable document numbers: PR2026-000123, RFQ2026-…, QT2026-…, PO2026-…, LOI2026-…. */
export type DocPrefix = 'PR' | 'RFQ' | 'QT' | 'PO' | 'LOI';

export function formatDocNo(prefix: DocPrefix, year: string, seq: number): string {
  return `${prefix}${year}-${String(seq).padStart(6, '0')}`;
}

/**
 * The next purchasing document number in the current (Korean) year, from the one numbering every
 * document uses (db/document-number.ts): allocated inside the caller's transaction, so two concurrent
 * documents never share a number and a rolled-back one leaves no gap behind it.
 */
export function nextDocNo(trx: Db, prefix: DocPrefix, today: string = todayKst()): Promise<string> {
  return nextDocumentNumber(trx, prefix, today);
}
