import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../server/config.js';
import { takeDroppedImports } from '../../../server/modules/budget/erp-import/drop.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, logins, ok, refused, type Flow } from '../purchase/helpers.js';

/** The ERP's budget import (docs/budget.md › ERP import): HTTP push and file drop, once per key, all or nothing. */
describe('budget import from the ERP', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = { ...client(t), u: await logins(t, ['admin', 'operator', 'monitor', 'buyer', 'supplier1']) };
  });
  afterAll(() => t.close());

  const line = (year: number, month: number, deptcd: string, accountCode: string) =>
    t.db.db
      .selectFrom('budgetLine')
      .select(['amount', 'version'])
      .where('fiscalYear', '=', year)
      .where('month', '=', month)
      .where('deptcd', '=', deptcd)
      .where('accountCode', '=', accountCode)
      .executeTakeFirst();
  const yearLines = (year: number) =>
    t.db.db
      .selectFrom('budgetLine')
      .select(['month', 'deptcd', 'accountCode', 'amount', 'version'])
      .where('fiscalYear', '=', year)
      .orderBy('month')
      .orderBy('deptcd')
      .orderBy('accountCode')
      .execute();
  const batches = (importKey: string) =>
    t.db.db.selectFrom('budgetUploadBatch').selectAll().where('importKey', '=', importKey).execute();
  const push = (body: object, who = f.u.admin) => f.post('/api/v1/budget/imports', who, body);

  it('applies an import once: the same key again changes nothing and answers the first import', async () => {
    const body = {
      importKey: 'ERP-2031-0001',
      fiscalYear: 2031,
      rows: [
        { month: 1, deptcd: 'D1220', accountCode: 'SUP', amount: '12,000,000' },
        { month: '2', deptcd: 'D1220', accountCode: 'RAW', amount: 30000000 },
      ],
    };
    const first = ok(await push(body));
    expect(first.replayed).toBe(false);
    expect(first.batch).toMatchObject({
      source: 'ERP_HTTP',
      importKey: 'ERP-2031-0001',
      fiscalYear: 2031,
      status: 'APPLIED',
      rowsTotal: 2,
      countNew: 2,
      countError: 0,
      createdBy: 'admin',
    });
    const after = await yearLines(2031);
    expect(after.map((l) => [l.month, l.accountCode, String(l.amount), l.version])).toEqual([
      [1, 'SUP', '12000000', 1],
      [2, 'RAW', '30000000', 1],
    ]);
    const audits = await t.db.db
      .selectFrom('auditLog')
      .select(['action', 'actor'])
      .where('entity', '=', 'budget_upload')
      .where('entityKey', '=', first.batch.batchId)
      .execute();
    expect(audits).toEqual([{ action: 'APPLY', actor: 'admin' }]);

    const again = ok(await push(body));
    expect(again).toEqual({ ...first, replayed: true });
    expect(await yearLines(2031)).toEqual(after);
    expect(await batches('ERP-2031-0001')).toHaveLength(1);

    // The same key with other content: refused, nothing changed.
    refused(await push({ ...body, rows: [{ ...body.rows[0], amount: '1' }] }), 409, 'IMPORT_KEY_REUSED');
    expect(await yearLines(2031)).toEqual(after);
  });

  it('sets existing lines to the ERP’s figures without versions; one bad row refuses the whole import, and its key keeps that outcome', async () => {
    const before = (await line(2026, 3, 'D1220', 'SUP'))!;
    const otherBefore = (await line(2026, 4, 'D1220', 'SUP'))!;
    const bad = {
      importKey: 'ERP-2026-BAD',
      fiscalYear: 2026,
      rows: [
        { month: 3, deptcd: 'D1220', accountCode: 'SUP', amount: '777000' },
        { month: 13, deptcd: 'D1220', accountCode: 'SUP', amount: '1' },
        { month: 4, deptcd: 'NOPE', accountCode: 'SUP', amount: '1' },
        { month: 4, deptcd: 'D1220', accountCode: 'SUP', amount: '-5' },
        { month: 3, deptcd: 'D1220', accountCode: 'SUP', amount: '1' },
      ],
    };
    const r = ok(await push(bad));
    expect(r.batch).toMatchObject({ status: 'REJECTED', rowsTotal: 5, countError: 4, importKey: 'ERP-2026-BAD' });
    const rows = ok(await f.get(`/api/v1/budget/uploads/${r.batch.batchId}/rows?result=ERROR`, f.u.operator)).rows;
    expect(rows.map((x: { rowNo: number; errorColumns: string }) => [x.rowNo, x.errorColumns])).toEqual([
      [2, 'month'],
      [3, 'deptcd'],
      [4, 'amount'],
      [5, 'month'],
    ]);
    expect(await line(2026, 3, 'D1220', 'SUP')).toEqual(before);
    expect(await line(2026, 4, 'D1220', 'SUP')).toEqual(otherBefore);
    // Sent again (a retry after a lost answer): the first's REJECTED, not a second batch.
    expect(ok(await push(bad))).toEqual({ ...r, replayed: true });
    expect(await batches('ERP-2026-BAD')).toHaveLength(1);

    const good = ok(
      await push({
        importKey: 'ERP-2026-GOOD',
        fiscalYear: 2026,
        rows: [{ month: 3, deptcd: 'D1220', accountCode: 'SUP', amount: '777000' }],
      }),
    );
    expect(good.batch).toMatchObject({ status: 'APPLIED', countUpdate: 1 });
    expect(await line(2026, 3, 'D1220', 'SUP')).toEqual({ amount: '777000', version: before.version + 1 });
  });

  it('two imports of one key at once apply once (a year with lines: the lock; a year without: the unique key)', async () => {
    for (const [year, key] of [
      [2026, 'ERP-RACE-LOCK'],
      [2032, 'ERP-RACE-KEY'],
    ] as const) {
      const before = await line(year, 5, 'D1220', 'EQP');
      const body = {
        importKey: key,
        fiscalYear: year,
        rows: [{ month: 5, deptcd: 'D1220', accountCode: 'EQP', amount: String(Number(before?.amount ?? 0) + 1000) }],
      };
      const answers = await Promise.all([push(body), push(body)]).then((rs) => rs.map((res) => ok(res)));
      expect(answers.map((a) => a.replayed).sort()).toEqual([false, true]);
      expect(answers[0].batch.batchId).toBe(answers[1].batch.batchId);
      expect(await batches(key)).toHaveLength(1);
      expect(await line(year, 5, 'D1220', 'EQP')).toEqual({
        amount: body.rows[0].amount,
        version: (before?.version ?? 0) + 1,
      });
    }
  });

  it('is the administrators’ (the ERP’s account) only; the list of uploads and imports is read by the budget screens’ readers', async () => {
    const body = {
      importKey: 'ERP-DENIED',
      fiscalYear: 2033,
      rows: [{ month: 1, deptcd: 'D1220', accountCode: 'SUP', amount: '1' }],
    };
    for (const who of [f.u.operator, f.u.monitor, f.u.buyer]) refused(await push(body, who), 403);
    expect((await push(body, f.u.supplier1)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/budget/imports', payload: body })).statusCode).toBe(401);
    expect(await batches('ERP-DENIED')).toHaveLength(0);
    refused(await push({ ...body, importKey: '' }), 400);

    const list = ok(await f.get('/api/v1/budget/uploads?source=ERP_HTTP&size=100', f.u.monitor));
    expect(list.rows.map((r: { importKey: string }) => r.importKey)).toEqual(
      expect.arrayContaining(['ERP-2031-0001', 'ERP-2026-BAD', 'ERP-2026-GOOD']),
    );
    expect(list.rows[0]).not.toHaveProperty('payloadHash');
    expect((await f.get('/api/v1/budget/uploads', f.u.supplier1)).statusCode).toBe(403);
    refused(await f.get('/api/v1/budget/uploads', f.u.buyer), 403);
  });

  it('takes the files the ERP drops: done/ or rejected/ with the result beside them; a file dropped twice changes nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-budget-drop-'));
    const config = testConfig({ budgetImportDir: dir });
    const log = { warn: () => {}, error: () => {}, info: () => {} } as never;
    const good = {
      importKey: 'ERP-FILE-1',
      fiscalYear: 2034,
      rows: [{ month: 6, deptcd: 'D1220', accountCode: 'PKG', amount: '5000000' }],
    };
    fs.writeFileSync(path.join(dir, 'a-good.json'), JSON.stringify(good));
    fs.writeFileSync(path.join(dir, 'b-broken.json'), '{ not json');
    fs.writeFileSync(
      path.join(dir, 'c-bad-row.json'),
      JSON.stringify({ ...good, importKey: 'ERP-FILE-2', rows: [{ ...good.rows[0], accountCode: 'XXX' }] }),
    );
    fs.writeFileSync(path.join(dir, '.d-writing.json'), JSON.stringify(good));
    fs.writeFileSync(path.join(dir, 'e-writing.json.tmp'), '{');

    expect(await takeDroppedImports({ db: t.db.db, log, config, now: new Date() })).toEqual({
      files: 3,
      applied: 1,
      rejected: 1,
      replayed: 0,
      invalid: 1,
    });
    expect(fs.readdirSync(dir).sort()).toEqual(['.d-writing.json', 'done', 'e-writing.json.tmp', 'rejected']);
    expect(fs.readdirSync(path.join(dir, 'done')).sort()).toEqual(['a-good.json', 'a-good.result.json']);
    expect(fs.readdirSync(path.join(dir, 'rejected')).sort()).toEqual([
      'b-broken.json',
      'b-broken.result.json',
      'c-bad-row.json',
      'c-bad-row.result.json',
    ]);
    const result = JSON.parse(fs.readFileSync(path.join(dir, 'done', 'a-good.result.json'), 'utf8'));
    expect(result.batch).toMatchObject({
      source: 'ERP_FILE',
      importKey: 'ERP-FILE-1',
      status: 'APPLIED',
      fileName: 'a-good.json',
      createdBy: 'system:erp-file',
    });
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'rejected', 'b-broken.result.json'), 'utf8')).status).toBe(
      'INVALID',
    );
    expect(await line(2034, 6, 'D1220', 'PKG')).toEqual({ amount: '5000000', version: 1 });

    // The same file again (the ERP resent it): replayed, moved beside the first under another name.
    fs.writeFileSync(path.join(dir, 'a-good.json'), JSON.stringify(good));
    expect(await takeDroppedImports({ db: t.db.db, log, config, now: new Date() })).toEqual({
      files: 1,
      applied: 0,
      rejected: 0,
      replayed: 1,
      invalid: 0,
    });
    expect(fs.readdirSync(path.join(dir, 'done'))).toHaveLength(4);
    expect(await line(2034, 6, 'D1220', 'PKG')).toEqual({ amount: '5000000', version: 1 });
    expect(await batches('ERP-FILE-1')).toHaveLength(1);
    expect(await takeDroppedImports({ db: t.db.db, log, config: testConfig(), now: new Date() })).toEqual({
      configured: false,
    });
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
