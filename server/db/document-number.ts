import { sql } from 'kysely';
import type { Db } from './connect.js';

/**
 * Readable document numbers from `document_sequence`: `<PREFIX><YYYY>-<6 digits>`, numbered
 * per prefix and year (PO2026-000123, DLV2026-000001, WR2026-000042 …). Call it inside the
 * transaction that writes the document: the row lock taken by the upsert serialises writers of
 * the same prefix and year, and a rolled-back transaction gives its number back.
 */
/** PR2026-000123: the prefix, the year and the number within them, six digits. */
export function formatDocumentNumber(prefix: string, year: string, seq: number): string {
  return `${prefix}${year}-${String(seq).padStart(6, '0')}`;
}

export async function nextDocumentNumber(trx: Db, prefix: string, date: string): Promise<string> {
  if (!/^[A-Z]{1,10}$/.test(prefix)) throw new Error(`bad document prefix: ${prefix}`);
  const year = date.slice(0, 4);
  if (!/^\d{4}$/.test(year)) throw new Error(`bad document date: ${date}`);
  const { rows } = await sql<{ lastValue: number }>`
    insert into document_sequence (prefix, period, last_value) values (${prefix}, ${year}, 1)
    on conflict (prefix, period) do update set last_value = document_sequence.last_value + 1
    returning last_value`.execute(trx);
  const n = Number(rows[0].lastValue);
  if (n > 999_999) throw new Error(`document numbers ${prefix}${year} are exhausted`);
  return formatDocumentNumber(prefix, year, n);
}
