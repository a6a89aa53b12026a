/** Reading invoices: one with its lines, history and kept files; the search of both portals. */
import type { Db } from '../../db/connect.js';
import { failIf, type FieldError } from '../../domain/errors.js';
import { periodRange } from '../../domain/dates.js';
import { loadHolidayCalendar } from './holidays.js';
import { issueDeadline } from './deadlines.js';
import { amendmentDeadline } from './amendment-cases.js';
import {
  correctingVouchersOf,
  findInvoiceRow,
  invoiceEvents,
  invoiceFiles,
  invoiceLines,
  lineRow,
  listInvoices,
} from './queries.js';
import { NOT_FOUND } from './invoice-moves.js';

// ── reading ────────────────────────────────────────────────────────────────
export async function getInvoice(db: Db, mgtKey: string, supplier = false) {
  const row = await findInvoiceRow(db, mgtKey);
  if (!row || (supplier && row.status === 'DRAFT')) throw NOT_FOUND();
  const [lines, history, files, calendar, vouchers] = await Promise.all([
    invoiceLines(db, mgtKey),
    invoiceEvents(db, mgtKey),
    invoiceFiles(db, mgtKey),
    loadHolidayCalendar(db),
    // The ERP's side is staff's: a supplier sees its invoice, not the buyer's ledger.
    supplier ? [] : correctingVouchersOf(db, row.amendsMgtKey ?? row.mgtKey),
  ]);
  return {
    ...row,
    // An amendment is due by the day its case computes from the cause (amendment-cases.ts), not the original's 10th.
    issueDeadline:
      amendmentDeadline(row.amendReason, row.writeDate, row.amendCauseDate, calendar) ??
      issueDeadline(row.writeDate, calendar),
    correctingVouchers: vouchers,
    lines: lines.map(lineRow),
    history,
    files: files.map(({ storageKey: _, ...f }) => f),
  };
}

export function searchInvoices(
  db: Db,
  q: { periods?: string[]; status?: string[]; compNo?: string; compName?: string; settleNo?: string },
  w: { limit: number; offset: number },
  supplierView = false,
) {
  const errors: FieldError[] = [];
  const periods = periodRange(errors, 'querystring/periods', q.periods);
  failIf(errors);
  return listInvoices(
    db,
    {
      ...periods,
      status: q.status,
      compNo: q.compNo?.trim() || undefined,
      compName: q.compName?.trim() || undefined,
      settleNo: q.settleNo?.trim() || undefined,
      supplierView,
    },
    w,
  );
}
