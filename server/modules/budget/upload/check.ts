import type { RowData, RowError } from './workbook.js';

/** What the upload checks each row against, read under the lock of the year's lines. */
export interface CheckContext {
  fiscalYear: number;
  departments: ReadonlySet<string>;
  accounts: ReadonlySet<string>;
  /** The year's lines by `month|deptcd|accountCode`. */
  lines: ReadonlyMap<string, { amount: string; version: number }>;
  /**
   * Whether a row must state the version of the line it changes (the workbook's rule, the default).
   * The ERP's imports set the budget as the ERP holds it and carry no versions: `false`, a version
   * given is not compared (the import runs under the same lock of the year's lines).
   */
  versions?: boolean;
}

type RowResult = 'NEW' | 'UPDATE' | 'UNCHANGED' | 'SKIPPED' | 'ERROR';

export interface CheckedRow {
  rowNo: number;
  data: RowData;
  result: RowResult;
  errors: RowError[];
  /** For NEW and UPDATE: what to write. */
  write?: { month: number; deptcd: string; accountCode: string; amount: string };
  /** For UPDATE: the amount before. */
  before?: string;
}

const wholeNumber = (raw: string) => /^\d{1,18}$/.test(raw);

/**
 * Checks the rows of a year's budget workbook (pure; docs/budget.md › Excel upload): year (the one
 * uploaded), month 1–12, an active department, a known account, the amount (whole won ≥ 0; thousands
 * commas allowed; empty: the row changes nothing), a key given twice in the file, and the version:
 * a line that exists needs the version the download showed, and it must still be the line's
 * version — a line changed since the download is an error of its row, not a silent overwrite.
 */
export function checkRows(rows: ReadonlyArray<{ rowNo: number; data: RowData }>, ctx: CheckContext): CheckedRow[] {
  const seen = new Map<string, number>();
  return rows.map(({ rowNo, data }) => {
    const errors: RowError[] = [];
    const err = (column: string, message: string) => errors.push({ column, message });
    const yearRaw = (data.fiscalYear ?? '').trim();
    if (yearRaw === '') err('fiscalYear', '연도가 없습니다');
    else if (yearRaw !== String(ctx.fiscalYear))
      err('fiscalYear', `연도(${yearRaw})가 올리는 연도(${ctx.fiscalYear})와 다릅니다`);
    const monthRaw = (data.month ?? '').trim();
    const month = /^\d{1,2}$/.test(monthRaw) ? Number(monthRaw) : NaN;
    if (!(month >= 1 && month <= 12)) err('month', monthRaw === '' ? '월이 없습니다' : `월은 1–12 입니다: ${monthRaw}`);
    const deptcd = (data.deptcd ?? '').trim();
    if (deptcd === '') err('deptcd', '부서코드가 없습니다');
    else if (!ctx.departments.has(deptcd)) err('deptcd', `부서를 찾을 수 없습니다: ${deptcd}`);
    const accountCode = (data.accountCode ?? '').trim();
    if (accountCode === '') err('accountCode', '예산계정이 없습니다');
    else if (!ctx.accounts.has(accountCode)) err('accountCode', `등록되지 않은 예산계정입니다: ${accountCode}`);
    const amountRaw = (data.amount ?? '').replace(/,/g, '').trim();
    const blank = amountRaw === '';
    if (!blank && !wholeNumber(amountRaw))
      err('amount', `예산 금액은 0 이상의 원 단위 숫자로 입력하세요: ${data.amount}`);
    const amount = blank || !wholeNumber(amountRaw) ? null : amountRaw.replace(/^0+(?=\d)/, '');
    const versionRaw = (data.version ?? '').trim();
    if (versionRaw !== '' && !/^\d{1,9}$/.test(versionRaw))
      err('version', `버전은 내려받은 숫자 그대로 두세요: ${versionRaw}`);

    const key = `${month}|${deptcd}|${accountCode}`;
    const keyed = !Number.isNaN(month) && deptcd !== '' && accountCode !== '';
    if (keyed) {
      const first = seen.get(key);
      if (first !== undefined) err('month', `같은 예산(연도·월·부서·계정)이 ${first}행에도 있습니다`);
      else seen.set(key, rowNo);
    }
    const line = keyed ? ctx.lines.get(key) : undefined;
    if (!blank && errors.length === 0 && ctx.versions !== false) {
      if (line && versionRaw === '')
        err('version', `이미 있는 예산입니다 (버전 ${line.version}). 내려받은 양식의 버전과 함께 올리세요`);
      else if (line && Number(versionRaw) !== line.version)
        err(
          'version',
          `내려받은 뒤 바뀐 예산입니다 (올린 버전 ${versionRaw}, 지금 ${line.version}). 다시 내려받으세요`,
        );
      else if (!line && versionRaw !== '') err('version', '버전이 있지만 그런 예산이 없습니다. 버전을 비우세요');
    }
    if (errors.length) return { rowNo, data, result: 'ERROR', errors };
    if (blank) return { rowNo, data, result: 'SKIPPED', errors };
    const write = { month, deptcd, accountCode, amount: amount! };
    if (!line) return { rowNo, data, result: 'NEW', errors, write };
    if (BigInt(line.amount) === BigInt(amount!)) return { rowNo, data, result: 'UNCHANGED', errors };
    return { rowNo, data, result: 'UPDATE', errors, write, before: line.amount };
  });
}
