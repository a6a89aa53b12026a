import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, logins, ok, refused, type Flow } from '../purchase/helpers.js';

const COLUMNS = [
  { field: 'docNo', header: '문서번호', type: 'text', width: 14 },
  { field: 'deptcd', header: '부서', type: 'text', width: 10 },
  { field: 'accountCode', header: '계정', type: 'text', width: 8 },
  { field: 'month', header: '월', type: 'number', width: 6 },
  { field: 'kind', header: '구분', type: 'text', width: 10 },
  { field: 'amount', header: '금액', type: 'money', currency: 'KRW', width: 14 },
];

/** The budget ledger through the server-side export (server/modules/exports): every row, for staff; suppliers 403. */
describe('budget ledger export', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp({ config: { exportPageSize: 50 } });
    f = { ...client(t), u: await logins(t, ['operator', 'supplier1']) };
  });
  afterAll(() => t.close());

  it('writes every ledger row of the filter as an .xlsx whose amounts sum to the ledger; a supplier is refused', async () => {
    const first = await t.db.db
      .selectFrom('budgetLedger')
      .select(['fiscalYear', 'deptcd'])
      .orderBy('entryId')
      .executeTakeFirstOrThrow();
    const query = { fiscalYear: first.fiscalYear, deptcd: first.deptcd };
    const list = ok(
      await f.get(
        `/api/v1/budget/ledger?fiscalYear=${first.fiscalYear}&deptcd=${first.deptcd}&size=5000`,
        f.u.operator,
      ),
    );
    expect(list.total).toBeGreaterThan(0);
    const sum = await t.db.db
      .selectFrom('budgetLedger')
      .select((eb) => eb.fn.sum<string>('amount').as('s'))
      .where('fiscalYear', '=', first.fiscalYear)
      .where('deptcd', '=', first.deptcd)
      .executeTakeFirstOrThrow();

    const started = ok(
      await f.post('/api/v1/exports', f.u.operator, {
        operation: 'listBudgetLedger',
        query,
        columns: COLUMNS,
        sheetName: '예산 원장',
      }),
      202,
    );
    let s: { status: string; rowsDone: number; exportId: string } = started;
    for (let i = 0; i < 400 && (s.status ?? 'RUNNING') === 'RUNNING'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      s = ok(await f.get(`/api/v1/exports/${started.exportId}`, f.u.operator));
    }
    expect(s).toMatchObject({ status: 'DONE', rowsDone: list.total });
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/exports/${started.exportId}/file`,
      headers: f.u.operator.headers,
    });
    expect(file.statusCode).toBe(200);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(file.rawPayload).Sheets['예산 원장'], {
      header: 1,
      raw: true,
    });
    expect(rows[0]).toEqual(COLUMNS.map((c) => c.header));
    expect(rows).toHaveLength(list.total + 1);
    expect(rows.slice(1).reduce((a, r) => a + Number(r[5]), 0)).toBe(Number(sum.s));
    expect(new Set(rows.slice(1).map((r) => r[1]))).toEqual(new Set([first.deptcd]));

    // No budget figure for a supplier: the list's own refusal comes back, nothing is written.
    refused(
      await f.post('/api/v1/exports', f.u.supplier1, {
        operation: 'listBudgetLedger',
        query,
        columns: COLUMNS,
        sheetName: 'x',
      }),
      403,
    );
    refused(
      await f.post('/api/v1/exports', f.u.supplier1, {
        operation: 'listBudgetLines',
        query: { fiscalYear: first.fiscalYear },
        columns: COLUMNS,
        sheetName: 'x',
      }),
      403,
    );
  });
});
