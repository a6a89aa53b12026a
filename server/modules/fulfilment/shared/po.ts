import { compareDecimals } from '../../../../lib/money.js';
import type { Db } from '../../../db/connect.js';
import { writeAudit } from '../../../db/audit.js';

/**
 * The part of the order lifecycle that deliveries move (DESIGN §6): acknowledged → partly
 * delivered → delivered, from the delivered quantities of the lines. Other states (closed,
 * cancelled …) belong to purchasing and are never touched here.
 */
export const DELIVERABLE_PO_STATUSES = ['ACKNOWLEDGED', 'PARTLY_DELIVERED'] as const;
const DELIVERY_DRIVEN = ['ACKNOWLEDGED', 'PARTLY_DELIVERED', 'DELIVERED'];

export function poStatusByDeliveries(lines: ReadonlyArray<{ quantity: string; deliveredQty: string }>): 'ACKNOWLEDGED' | 'PARTLY_DELIVERED' | 'DELIVERED' {
  if (lines.length > 0 && lines.every((l) => compareDecimals(l.deliveredQty, l.quantity) >= 0)) return 'DELIVERED';
  if (lines.some((l) => compareDecimals(l.deliveredQty, '0') > 0)) return 'PARTLY_DELIVERED';
  return 'ACKNOWLEDGED';
}

/** Moves the order's status after its delivered quantities changed (in the caller's transaction). */
export async function syncPoDeliveryStatus(trx: Db, poNo: string, actor: string): Promise<void> {
  const header = await trx.selectFrom('poHeader').select(['poNo', 'status', 'version']).where('poNo', '=', poNo).executeTakeFirst();
  if (!header || !DELIVERY_DRIVEN.includes(header.status)) return;
  const lines = await trx.selectFrom('poLine').select(['quantity', 'deliveredQty']).where('poNo', '=', poNo).execute();
  const next = poStatusByDeliveries(lines);
  if (next === header.status) return;
  await trx.updateTable('poHeader').set({ status: next, version: header.version + 1, updatedAt: new Date() }).where('poNo', '=', poNo).execute();
  await writeAudit(trx, { entity: 'po_header', entityKey: poNo, action: 'DELIVERY_STATUS', actor, before: { status: header.status }, after: { status: next } });
}
