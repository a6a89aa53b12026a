import type { Db } from '../../../db/connect.js';
import { todayKst } from '../../../domain/dates.js';
import { findSettlement, settlementAdjustments, settlementLines } from '../settlement/queries.js';
import type { StatementSource } from './workflow.js';

/** Everything a statement shows, read through the caller's database (a supplier sees only its own). */
export async function statementSource(
  db: Db,
  settleNo: string,
  visible: readonly string[] | undefined,
  now: Date,
): Promise<StatementSource | undefined> {
  const s = await findSettlement(db, settleNo, visible);
  if (!s) return undefined;
  const [lines, adjustments, company, buyer] = await Promise.all([
    settlementLines(db, settleNo),
    settlementAdjustments(db, settleNo, true),
    db
      .selectFrom('company')
      .select(['compNo', 'compNameKr', 'taxNo2', 'ceoName', 'address', 'phoneNo'])
      .where('compNo', '=', s.compNo)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('code')
      .select('attr1')
      .where('groupId', '=', 'SYSTEM_CONST')
      .where('code', '=', 'COMPANY_NAME')
      .executeTakeFirst(),
  ]);
  return {
    settleNo: s.settleNo,
    period: s.period,
    status: s.status,
    issuedOn: todayKst(now),
    supplier: {
      compNo: company.compNo,
      name: company.compNameKr,
      taxNo: company.taxNo2,
      ceoName: company.ceoName,
      address: company.address,
      phoneNo: company.phoneNo,
    },
    buyer: { name: buyer?.attr1?.trim() || '당사' },
    lines,
    adjustments: adjustments.map((a) => ({ adjNo: a.adjNo, reason: a.reason, amount: a.amount })),
    totals: {
      krwGoodsAmount: s.krwGoodsAmount,
      jpyGoodsAmount: s.jpyGoodsAmount,
      jpyKrwAmount: s.jpyKrwAmount,
      goodsAmount: s.goodsAmount,
      adjustmentAmount: s.adjustmentAmount,
      totalAmount: s.totalAmount,
      jpyRate: s.jpyRate,
    },
    confirmedAt: s.confirmedAt,
  };
}
