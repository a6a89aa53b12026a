/** An amendment's agreed change of its PO or LOI: the types, and whether the caller may change that document. */
import type { Static } from 'typebox';
import type { Db } from '../../db/connect.js';
import { type Actor } from '../../domain/actor.js';
import { assertMayChangePo } from '../purchase/po/service.js';
import { assertMayChangeLoi } from '../purchase/loi/service.js';
import type { SourceChange as SourceChangeSchema } from './schemas.js';

export type SourceChange = Static<typeof SourceChangeSchema>;

/** One field of the PO or LOI an amendment changes: its value when the amendment was made, and the agreed one. */
export interface SourceChangeRow {
  field: 'dueDate' | 'quantity' | 'unitPrice' | 'deliveryDate' | 'amount' | 'validUntil';
  /** The order's line (a line's quantity, price or delivery date); null for the document's own fields. */
  lineNo: number | null;
  before: string | null;
  after: string;
}

/** A stored decimal in its shortest form ('10.000' → '10', '12000.50' → '12000.5'). */
export const shortDecimal = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const text = String(v);
  return /^\d+\.\d+$/.test(text) ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
};

/** A section of the amendment's PDF the template cannot leave out: the source's change, field by field. */
export interface SourceChangePrint {
  heading: string;
  lines: string[];
}

/** Whether `actor` may change the contract's order or LOI, by the document's own check (403/404 as it answers). */
export function assertMayChangeSource(trx: Db, kind: string, no: string, actor: Actor): Promise<void> {
  return kind === 'PO' ? assertMayChangePo(trx, no, actor) : assertMayChangeLoi(trx, no, actor);
}
