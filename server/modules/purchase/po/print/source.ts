import type { Db } from '../../../../db/connect.js';
import { loadApprovals } from '../../approval/queries.js';
import { todayKst } from '../../../../domain/dates.js';
import { findPoHeader, findPoLines, poStatusText, supplierOfPrint, systemConsts } from '../queries.js';
import type { PoPrintSource } from './model.js';

/** SYSTEM_CONST values the letterhead reads (attr1); a blank or missing name prints as 당사. */
const LETTERHEAD = ['COMPANY_NAME', 'COMPANY_ADDRESS', 'COMPANY_TEL'] as const;

/**
 * Everything the printed order shows, or undefined when there is no such order. The stamps are
 * the steps of the approval that approved it (the last APPROVED round); a draft or an order in
 * approval prints without names.
 */
export async function poPrintSource(db: Db, poNo: string, now: Date): Promise<PoPrintSource | undefined> {
  const h = await findPoHeader(db, poNo);
  if (!h) return undefined;
  const [lines, approvals, company, status, letterhead] = await Promise.all([
    findPoLines(db, poNo),
    loadApprovals(db, { docTypes: ['PO', 'SIMPLE'], docNo: poNo }),
    supplierOfPrint(db, h.compNo),
    poStatusText(db, h.status),
    systemConsts(db, LETTERHEAD),
  ]);
  const config = (code: (typeof LETTERHEAD)[number]) => letterhead.find((c) => c.code === code)?.attr1?.trim() || null;
  const approved = [...approvals].reverse().find((a) => a.status === 'APPROVED');
  return {
    poNo: h.poNo,
    poType: h.poType,
    poDate: h.poDate,
    title: h.title,
    statusText: status?.textKo ?? h.status,
    currency: h.currency,
    totalAmount: h.totalAmount,
    dueDate: h.dueDate,
    remark: h.remark,
    issuedOn: todayKst(now),
    issuer: {
      name: config('COMPANY_NAME') ?? '당사',
      address: config('COMPANY_ADDRESS'),
      phoneNo: config('COMPANY_TEL'),
    },
    supplier: {
      compNo: company.compNo,
      name: company.compNameKr,
      taxNo: company.taxNo2,
      ceoName: company.ceoName,
      address: company.address,
      phoneNo: company.phoneNo,
    },
    buyer: { name: h.buyerName, deptnm: h.deptnm, telNo: h.buyerTelNo, email: h.buyerEmail },
    lines: lines.map((l) => ({ ...l, amount: l.amount })),
    approvalSteps: approved ? approved.steps.filter((s) => s.status === 'APPROVED') : [],
  };
}
