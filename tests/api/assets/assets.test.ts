import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, logins, ok, refused, type Who } from '../purchase/helpers.js';

/** Assets: registration from receipt lines, transfer, disposal, inventory counts (docs/assets.md). */
describe('assets', () => {
  let t: TestApp;
  let http: ReturnType<typeof client>;
  let who: Record<string, Who>;
  const assetCount = async () =>
    Number((await sql<{ n: string }>`select count(*) as n from asset`.execute(t.app.dbh.db)).rows[0].n);
  const auditCount = async () =>
    Number((await sql<{ n: string }>`select count(*) as n from audit_log`.execute(t.app.dbh.db)).rows[0].n);

  beforeAll(async () => {
    t = await buildTestApp();
    http = client(t);
    who = await logins(t, ['admin', 'buyer', 'monitor']);
  }, 120_000);
  afterAll(async () => t?.close());

  it('the seed holds a few hundred assets from receipts, one closed and one open count', async () => {
    const b = ok(await http.get('/api/v1/assets?size=5', who.admin));
    expect(b.total).toBeGreaterThanOrEqual(200);
    expect(b.rows[0]).toMatchObject({
      assetNo: expect.stringMatching(/^AS\d{4}-\d{6}$/),
      whReqNo: expect.any(String),
      poNo: expect.any(String),
      compNameKr: expect.any(String),
    });
    const counts = ok(await http.get('/api/v1/asset-counts', who.admin));
    expect(counts.rows.map((r: { status: string }) => r.status).sort()).toEqual(['CLOSED', 'OPEN']);
    const closed = counts.rows.find((r: { status: string }) => r.status === 'CLOSED');
    expect(closed.missingCount).toBeGreaterThan(0);
    expect(closed.foundCount).toBeGreaterThan(0);
  });

  it('registers receipt lines as one asset per unit, and refuses a line registered before (nothing changed)', async () => {
    const waiting = ok(await http.get('/api/v1/assets/candidates?size=500', who.admin));
    const lines = waiting.rows.filter((r: { quantity: string }) => /^[1-3]$/.test(r.quantity)).slice(0, 3);
    expect(lines.length).toBe(3);
    const [l1, l2, l3] = lines;
    const before = await assetCount();
    const body = ok(
      await http.post('/api/v1/assets/register', who.admin, {
        lines: [l1, l2].map((l: { whReqNo: string; lineNo: number }) => ({ whReqNo: l.whReqNo, lineNo: l.lineNo })),
        location: '시험 위치 A',
        custodianId: 'E000004',
      }),
    );
    const units = Number(l1.quantity) + Number(l2.quantity);
    expect(body.count).toBe(units);
    expect(new Set(body.assetNos).size).toBe(units);
    expect(await assetCount()).toBe(before + units);
    const mine = ok(await http.get(`/api/v1/assets?location=${encodeURIComponent('시험 위치 A')}`, who.admin));
    expect(mine.total).toBe(units);
    expect(mine.rows[0]).toMatchObject({
      status: 'IN_USE',
      custodianId: 'E000004',
      location: '시험 위치 A',
      version: 1,
    });
    // The same line again: 409; a batch holding a registered line writes nothing, not even its new line.
    const audits = await auditCount();
    refused(
      await http.post('/api/v1/assets/register', who.admin, {
        lines: [{ whReqNo: l1.whReqNo, lineNo: l1.lineNo }],
        location: 'X',
      }),
      409,
      'ASSET_ALREADY_REGISTERED',
    );
    refused(
      await http.post('/api/v1/assets/register', who.admin, {
        lines: [
          { whReqNo: l3.whReqNo, lineNo: l3.lineNo },
          { whReqNo: l2.whReqNo, lineNo: l2.lineNo },
        ],
        location: 'X',
      }),
      409,
      'ASSET_ALREADY_REGISTERED',
    );
    expect(await assetCount()).toBe(before + units);
    expect(await auditCount()).toBe(audits);
    // Waiting no longer lists them; registered does, with their count.
    const still = ok(await http.get('/api/v1/assets/candidates?size=500', who.admin));
    expect(
      still.rows.some((r: { whReqNo: string; lineNo: number }) => r.whReqNo === l1.whReqNo && r.lineNo === l1.lineNo),
    ).toBe(false);
    const done = ok(await http.get(`/api/v1/assets/candidates?registered=Y&whReqNo=${l1.whReqNo}`, who.admin));
    expect(done.rows.find((r: { lineNo: number }) => r.lineNo === l1.lineNo).registeredCount).toBe(Number(l1.quantity));
    // The same line twice in one request, and a line that is not an asset expense.
    refused(
      await http.post('/api/v1/assets/register', who.admin, {
        lines: [
          { whReqNo: l3.whReqNo, lineNo: l3.lineNo },
          { whReqNo: l3.whReqNo, lineNo: l3.lineNo },
        ],
        location: 'X',
      }),
      400,
      'VALIDATION',
    );
    const other = (
      await sql<{
        whReqNo: string;
        lineNo: number;
      }>`select l.wh_req_no, l.line_no from wh_receipt_line l join wh_receipt r on r.wh_req_no = l.wh_req_no where r.expenses <> 'ASSET' and r.status = 'DECIDED' limit 1`.execute(
        t.app.dbh.db,
      )
    ).rows[0];
    refused(
      await http.post('/api/v1/assets/register', who.admin, {
        lines: [{ whReqNo: other.whReqNo, lineNo: other.lineNo }],
        location: 'X',
      }),
      400,
      'VALIDATION',
    );
  });

  it('transfers an asset (history kept, version checked) and disposes of it with a reason', async () => {
    const a = ok(await http.get('/api/v1/assets?status=IN_USE&size=1&sort=assetNo:asc', who.admin)).rows[0];
    refused(
      await http.post(`/api/v1/assets/${a.assetNo}/transfer`, who.admin, { version: a.version }),
      400,
      'VALIDATION',
    );
    const moved = ok(
      await http.post(`/api/v1/assets/${a.assetNo}/transfer`, who.admin, {
        version: a.version,
        deptcd: 'D3110',
        custodianId: 'E000008',
        location: '연구소 신관',
        reason: '부서 이동',
      }),
    );
    expect(moved.version).toBe(a.version + 1);
    refused(
      await http.post(`/api/v1/assets/${a.assetNo}/transfer`, who.admin, { version: a.version, location: '다른 곳' }),
      409,
      'VERSION_CONFLICT',
    );
    const after = ok(await http.get(`/api/v1/assets?assetNo=${a.assetNo}`, who.admin)).rows[0];
    expect(after).toMatchObject({
      deptcd: 'D3110',
      custodianId: 'E000008',
      location: '연구소 신관',
      version: a.version + 1,
    });
    const history = await t.app.dbh.db
      .selectFrom('assetTransfer')
      .selectAll()
      .where('assetNo', '=', a.assetNo)
      .execute();
    expect(history).toEqual([
      expect.objectContaining({
        fromDeptcd: a.deptcd,
        toDeptcd: 'D3110',
        fromLocation: a.location,
        toLocation: '연구소 신관',
        reason: '부서 이동',
      }),
    ]);
    refused(
      await http.post(`/api/v1/assets/${a.assetNo}/dispose`, who.admin, { version: after.version, reason: '  ' }),
      400,
      'VALIDATION',
    );
    ok(await http.post(`/api/v1/assets/${a.assetNo}/dispose`, who.admin, { version: after.version, reason: '파손' }));
    const gone = ok(await http.get(`/api/v1/assets?assetNo=${a.assetNo}`, who.admin)).rows[0];
    expect(gone).toMatchObject({ status: 'DISPOSED', disposeReason: '파손' });
    refused(
      await http.post(`/api/v1/assets/${a.assetNo}/dispose`, who.admin, { version: gone.version, reason: '또' }),
      409,
      'INVALID_STATE',
    );
    refused(
      await http.post(`/api/v1/assets/${a.assetNo}/transfer`, who.admin, { version: gone.version, location: '창고' }),
      409,
      'INVALID_STATE',
    );
  });

  it('plans a count, records each asset once, and closes it', async () => {
    const location = '시험 위치 A';
    const planned = ok(
      await http.post('/api/v1/asset-counts', who.admin, { title: '시험 실사', location, plannedDate: '2026-11-25' }),
    );
    expect(planned.countNo).toMatch(/^AC2026-\d{6}$/);
    refused(
      await http.post('/api/v1/asset-counts', who.admin, { title: '중복', location, plannedDate: '2026-11-26' }),
      409,
      'ASSET_COUNT_OPEN',
    );
    const lines = ok(await http.get(`/api/v1/asset-counts/${planned.countNo}/lines`, who.admin));
    expect(lines.total).toBeGreaterThanOrEqual(2);
    expect(
      lines.rows.every((r: { result: string | null; difference: string }) => r.result === null && r.difference === 'Y'),
    ).toBe(true);
    const [x, y] = lines.rows;
    ok(
      await http.post(`/api/v1/asset-counts/${planned.countNo}/results`, who.admin, {
        assetNo: x.assetNo,
        result: 'FOUND',
      }),
    );
    refused(
      await http.post(`/api/v1/asset-counts/${planned.countNo}/results`, who.admin, {
        assetNo: x.assetNo,
        result: 'MISSING',
      }),
      409,
      'ASSET_ALREADY_COUNTED',
    );
    refused(
      await http.post(`/api/v1/asset-counts/${planned.countNo}/results`, who.admin, {
        assetNo: y.assetNo,
        result: 'MOVED',
      }),
      400,
      'VALIDATION',
    );
    ok(
      await http.post(`/api/v1/asset-counts/${planned.countNo}/results`, who.admin, {
        assetNo: y.assetNo,
        result: 'MOVED',
        foundLocation: '본사 1층',
      }),
    );
    const row = ok(await http.get(`/api/v1/asset-counts?location=${encodeURIComponent(location)}`, who.admin)).rows[0];
    expect(row).toMatchObject({
      countNo: planned.countNo,
      status: 'OPEN',
      foundCount: 1,
      movedCount: 1,
      missingCount: 0,
      expectedCount: lines.total,
      uncountedCount: lines.total - 2,
    });
    refused(
      await http.post(`/api/v1/asset-counts/${planned.countNo}/close`, who.admin, { version: 1 }),
      409,
      'VERSION_CONFLICT',
    );
    ok(await http.post(`/api/v1/asset-counts/${planned.countNo}/close`, who.admin, { version: row.version }));
    refused(
      await http.post(`/api/v1/asset-counts/${planned.countNo}/results`, who.admin, {
        assetNo: lines.rows[lines.total - 1].assetNo,
        result: 'FOUND',
      }),
      409,
      'INVALID_STATE',
    );
    const diff = ok(await http.get(`/api/v1/asset-counts/${planned.countNo}/lines`, who.admin));
    expect(diff.rows.filter((r: { difference: string }) => r.difference === 'Y').length).toBe(lines.total - 1);
  });

  it('keeps to menu authority: no asset menu (30) is refused; read-only (40) reads but cannot write', async () => {
    expect((await http.get('/api/v1/assets', who.buyer)).statusCode).toBe(403);
    ok(await http.get('/api/v1/assets?size=1', who.monitor));
    const a = ok(await http.get('/api/v1/assets?status=IN_USE&size=1', who.monitor)).rows[0];
    expect(
      (await http.post(`/api/v1/assets/${a.assetNo}/dispose`, who.monitor, { version: a.version, reason: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await http.post('/api/v1/asset-counts', who.monitor, { title: 'x', location: 'y', plannedDate: '2026-11-25' }))
        .statusCode,
    ).toBe(403);
  });
});
