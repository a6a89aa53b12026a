import crypto from 'node:crypto';
import type { Static } from 'typebox';
import type { Db } from '../../../db/connect.js';
import { applyBudgetRows, batchView } from '../upload/service.js';
import type { BudgetImportBody } from '../upload/schemas.js';
import type { RowData } from '../upload/workbook.js';

/**
 * The budget import from the ERP (docs/budget.md › ERP import) — the inverse of settlement's ERP
 * posting: the ERP sends a year's budget under its own key, either pushed to the API
 * (`POST /api/v1/budget/imports`) or as a JSON file dropped in BUDGET_IMPORT_DIR (the job
 * `budget.importDrop`). Both come here: the rows are checked by the Excel upload's checker
 * (`checkRows`, without the workbook's versions: the ERP's figure is the budget), all or nothing,
 * audited; the key is recorded with the outcome, so the same import again answers the first's result.
 */
export type BudgetImport = Static<typeof BudgetImportBody>;

/** The ERP's creator of a dropped file's import (no user: the job takes it). */
export const ERP_FILE_ACTOR = 'system:erp-file';

const cell = (v: string | number | undefined) => (v === undefined ? '' : String(v));

/** The import's rows as the upload's rows (numbered from 1 in the order sent) and the hash of their content. */
function importRows(body: BudgetImport): { rows: Array<{ rowNo: number; data: RowData }>; payloadHash: string } {
  const rows = body.rows.map((r, i) => ({
    rowNo: i + 1,
    data: {
      fiscalYear: r.fiscalYear === undefined ? String(body.fiscalYear) : cell(r.fiscalYear),
      month: cell(r.month),
      deptcd: r.deptcd,
      accountCode: r.accountCode,
      amount: cell(r.amount),
      version: '',
    } as RowData,
  }));
  const payloadHash = crypto
    .createHash('sha256')
    .update(JSON.stringify({ fiscalYear: body.fiscalYear, rows: rows.map((r) => r.data) }))
    .digest('hex');
  return { rows, payloadHash };
}

/** Imports once per key: the batch (APPLIED or REJECTED) and whether it is a replay of an earlier import. */
export async function importBudget(
  db: Db,
  body: BudgetImport,
  source: 'ERP_HTTP' | 'ERP_FILE',
  fileName: string,
  actor: string,
  now: Date,
) {
  const { rows, payloadHash } = importRows(body);
  const { batchId, replayed } = await applyBudgetRows(
    db,
    {
      fiscalYear: body.fiscalYear,
      rows,
      fileName,
      source,
      actor,
      erp: { importKey: body.importKey, payloadHash },
    },
    now,
  );
  return { batch: await batchView(db, batchId), replayed };
}
