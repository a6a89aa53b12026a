import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { readPdf } from '../../helpers/pdf.js';
import { awardedRfq, client, day, logins, ok, refused, type Flow } from './helpers.js';

/** The printed purchase order: GET /api/v1/pos/{poNo}/pdf (docs/purchasing.md "Printing"). */
// Two quotation rounds and two PDFs: more than the default 30 s on a loaded 2-core machine.
describe('purchase order print (PDF)', { timeout: 120_000 }, () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = {
      ...client(t),
      u: await logins(t, ['buyer', 'uadmin1', 'opadmin', 'operator', 'monitor', 'supplier1', 'supplier2']),
    };
  });
  afterAll(() => t.close());

  const pdfOf = async (poNo: string, who: keyof Flow['u']) => {
    const res = await f.get(`/api/v1/pos/${poNo}/pdf`, f.u[who]);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    return { res, pdf: await readPdf(res.rawPayload) };
  };

  it('prints an approved order: letterhead, both parties, lines, total and the approver’s stamp; the print is audited', async () => {
    const rfq = await awardedRfq(f, 'C00001');
    const draft = ok(
      await f.post('/api/v1/pos', f.u.operator, {
        rfqNo: rfq.rfqNo,
        rfqVersion: rfq.version,
        dueDate: day(20),
        remark: '분할 납품 가능',
      }),
    );
    const submitted = ok(await f.post(`/api/v1/pos/${draft.poNo}/submit`, f.u.operator, { version: draft.version }));
    const a = submitted.approvals.at(-1);
    ok(await f.post(`/api/v1/approvals/${a.approvalId}/approve`, f.u.opadmin, { version: a.version }));

    const { res, pdf } = await pdfOf(draft.poNo, 'operator');
    expect(pdf.magic).toBe('%PDF-');
    expect(pdf.pages).toBe(1);
    expect(pdf.title).toBe(`발주서 ${draft.poNo}`);
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(`발주서_${draft.poNo}.pdf`)}`,
    );
    // The font is embedded, so the Korean text is there to extract (and to search and copy).
    const text = pdf.text[0];
    expect(text).toMatch(/발\s*주\s*서/);
    for (const expected of [
      '(주)지피엠에스',
      draft.poNo,
      draft.compNameKr,
      'C00001',
      '김민수',
      '12,500 KRW',
      '분할 납품 가능',
      '박성호',
      day(0),
      '1 / 1',
    ])
      expect(text).toContain(expected);
    // Quantities without trailing zeros (10 and 2.5), money in the currency's decimals.
    expect(text).toMatch(/10\s+1,000\s+10,000/);
    expect(text).toMatch(/2\.5\s+1,000\s+2,500/);
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select(['action', 'actor'])
      .where('entity', '=', 'po_header')
      .where('entityKey', '=', draft.poNo)
      .where('action', '=', 'PRINT')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([{ action: 'PRINT', actor: 'operator' }]);

    // Read-only staff may print too; a draft of another order prints without stamps.
    const other = await awardedRfq(f, 'C00002');
    const d2 = ok(
      await f.post('/api/v1/pos', f.u.operator, { rfqNo: other.rfqNo, rfqVersion: other.version, dueDate: day(20) }),
    );
    const draftPdf = (await pdfOf(d2.poNo, 'monitor')).pdf.text[0];
    expect(draftPdf).toContain(d2.poNo);
    expect(draftPdf).toContain('작성중');
    expect(draftPdf).not.toContain('박성호');
  });

  it('a long order continues on further pages, the table header on each, the total on the last', async () => {
    const lines = Array.from({ length: 50 }, (_, i) => ({
      itemName: `소모품 ${i + 1}번 (긴 품목명은 칸 안에서 줄을 바꿉니다)`,
      unitCode: 'EA',
      quantity: '1.5',
      unitPrice: '100',
    }));
    const so = ok(
      await f.post('/api/v1/simple-orders', f.u.operator, {
        compNo: 'C00002',
        title: '소모품 일괄 구매',
        currency: 'KRW',
        dueDate: day(10),
        lines,
      }),
    );
    const { pdf } = await pdfOf(so.poNo, 'operator');
    expect(pdf.title).toBe(`소액발주서 ${so.poNo}`);
    expect(pdf.pages).toBeGreaterThanOrEqual(2);
    pdf.text.forEach((page, i) => {
      expect(page).toContain('품목명');
      expect(page).toContain(`${i + 1} / ${pdf.pages}`);
    });
    const all = pdf.text.join('\n');
    for (const n of [1, 25, 50]) expect(all).toContain(`소모품 ${n}번`);
    // 50 × 1.5 × 100 = 7,500: on the last page only.
    expect(pdf.text.at(-1)).toMatch(/합계\s+7,500 KRW/);
    expect(pdf.text[0]).not.toMatch(/합계\s+7,500/);
  });

  it('refuses who may not read orders, suppliers, and a missing order', async () => {
    const any = await t.db.db
      .selectFrom('poHeader')
      .select('poNo')
      .where('poType', '=', 'PO')
      .orderBy('poNo')
      .executeTakeFirstOrThrow();
    refused(await f.get(`/api/v1/pos/${any.poNo}/pdf`, f.u.buyer), 403, 'GPMS006');
    refused(await f.get(`/api/v1/pos/${any.poNo}/pdf`, f.u.supplier1), 403);
    refused(await f.get('/api/v1/pos/PO2099-999999/pdf', f.u.operator), 404, 'PO_NOT_FOUND');
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select('id')
      .where('entityKey', '=', any.poNo)
      .where('action', '=', 'PRINT')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([]);
  });
});
