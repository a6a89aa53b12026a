/** Reading invoices: one with its lines, history and kept files; the search of both portals. */
import type { Db } from '../../db/connect.js';
import { failIf, type FieldError } from '../../domain/errors.js';
import { loadHolidayCalendar } from './holidays.js';
import { issueDeadline } from './deadlines.js';
import { findInvoiceRow, invoiceEvents, invoiceFiles, invoiceLines, lineRow, listInvoices } from './queries.js';
import { NOT_FOUND } from './invoice-moves.js';

// ── reading ────────────────────────────────────────────────────────────────
export async function getInvoice(db: Db, mgtKey: string, supplier = false) {
  const row = await findInvoiceRow(db, mgtKey);
  if (!row || (supplier && row.status === 'DRAFT')) throw NOT_FOUND();
  const [lines, history, files, calendar] = await Promise.all([
    invoiceLines(db, mgtKey),
    invoiceEvents(db, mgtKey),
    invoiceFiles(db, mgtKey),
    loadHolidayCalendar(db),
  ]);
  return {
    ...row,
    issueDeadline: issueDeadline(row.writeDate, calendar),
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
  const [from, to] = (q.periods ?? []).map((p) => p.trim() || undefined);
  const errors: FieldError[] = [];
  if (from && to && from > to) errors.push({ path: 'querystring/periods', message: '시작 월이 종료 월보다 늦습니다' });
  failIf(errors);
  return listInvoices(
    db,
    {
      periodFrom: from,
      periodTo: to,
      status: q.status,
      compNo: q.compNo?.trim() || undefined,
      compName: q.compName?.trim() || undefined,
      settleNo: q.settleNo?.trim() || undefined,
      supplierView,
    },
    w,
  );
}
