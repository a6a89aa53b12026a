import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_OWNED_TABLES, scopeToCompany } from '../../../server/db/company-scope.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, day, logins, ok, type Flow } from './helpers.js';

/**
 * Supplier isolation across every external purchasing operation: whatever ids supplier2 sends,
 * supplier1's requests, quotations, orders and LOIs answer exactly like missing ones, and
 * nothing changes.
 */
describe('supplier isolation in purchasing', () => {
  let t: TestApp;
  let f: Flow;
  let ids: { rfq: string; po: string; loi: string };
  beforeAll(async () => {
    t = await buildTestApp();
    f = { ...client(t), u: await logins(t, ['supplier1', 'supplier2']) };
    const db = t.db.db;
    // A request only C00001 is invited to, a sent order of C00001, an issued LOI of C00001 (all seeded).
    const rfq = await db
      .selectFrom('quotation as q')
      .select('q.rfqNo')
      .where('q.compNo', '=', 'C00001')
      .where('q.status', 'in', ['SUBMITTED', 'SELECTED'])
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('quotation as o')
              .select('o.rfqNo')
              .whereRef('o.rfqNo', '=', 'q.rfqNo')
              .where('o.compNo', '=', 'C00002'),
          ),
        ),
      )
      .orderBy('q.rfqNo')
      .limit(1)
      .executeTakeFirstOrThrow();
    const po = await db
      .selectFrom('poHeader')
      .select('poNo')
      .where('compNo', '=', 'C00001')
      .where('status', '=', 'SENT')
      .orderBy('poNo')
      .limit(1)
      .executeTakeFirstOrThrow();
    const loi = await db
      .selectFrom('loi')
      .select('loiNo')
      .where('compNo', '=', 'C00001')
      .where('status', '=', 'ISSUED')
      .orderBy('loiNo')
      .limit(1)
      .executeTakeFirstOrThrow();
    ids = { rfq: rfq.rfqNo, po: po.poNo, loi: loi.loiNo };
  });
  afterAll(() => t.close());

  const fingerprint = async () =>
    (
      await sql<{ d: string }>`select md5(
        (select string_agg(q::text, '|' order by rfq_no, comp_no) from quotation q where comp_no = 'C00001') ||
        (select string_agg(l::text, '|' order by rfq_no, line_no) from quotation_line l where comp_no = 'C00001') ||
        (select string_agg(h::text, '|' order by po_no) from po_header h where comp_no = 'C00001') ||
        (select string_agg(i::text, '|' order by loi_no) from loi i where comp_no = 'C00001')) as d`.execute(t.db.db)
    ).rows[0].d;

  it('answers 404 for every read and write on another company’s documents, changing nothing', async () => {
    const before = await fingerprint();
    const body = { version: 1, leadTimeDays: 1, validUntil: day(30), lines: [{ lineNo: 1, unitPrice: '1' }] };
    const pairs: Array<
      [
        string,
        () => Promise<{ statusCode: number; json(): unknown }>,
        () => Promise<{ statusCode: number; json(): unknown }>,
      ]
    > = [
      [
        'read request',
        () => f.get(`/api/v1/cyber/rfqs/${ids.rfq}`, f.u.supplier2),
        () => f.get('/api/v1/cyber/rfqs/RFQ2099-000001', f.u.supplier2),
      ],
      [
        'read quotation',
        () => f.get(`/api/v1/cyber/quotations/${ids.rfq}`, f.u.supplier2),
        () => f.get('/api/v1/cyber/quotations/RFQ2099-000001', f.u.supplier2),
      ],
      [
        'submit quotation',
        () => f.put(`/api/v1/cyber/quotations/${ids.rfq}`, f.u.supplier2, body),
        () => f.put('/api/v1/cyber/quotations/RFQ2099-000001', f.u.supplier2, body),
      ],
      [
        'read order',
        () => f.get(`/api/v1/cyber/pos/${ids.po}`, f.u.supplier2),
        () => f.get('/api/v1/cyber/pos/PO2099-000001', f.u.supplier2),
      ],
      [
        'acknowledge order',
        () => f.post(`/api/v1/cyber/pos/${ids.po}/acknowledge`, f.u.supplier2, { version: 1 }),
        () => f.post('/api/v1/cyber/pos/PO2099-000001/acknowledge', f.u.supplier2, { version: 1 }),
      ],
      [
        'read LOI',
        () => f.get(`/api/v1/cyber/lois/${ids.loi}`, f.u.supplier2),
        () => f.get('/api/v1/cyber/lois/LOI2099-000001', f.u.supplier2),
      ],
      [
        'accept LOI',
        () => f.post(`/api/v1/cyber/lois/${ids.loi}/accept`, f.u.supplier2, { version: 1 }),
        () => f.post('/api/v1/cyber/lois/LOI2099-000001/accept', f.u.supplier2, { version: 1 }),
      ],
    ];
    for (const [what, theirs, missing] of pairs) {
      const a = await theirs();
      const b = await missing();
      expect(a.statusCode, what).toBe(404);
      expect(a.json(), what).toEqual(b.json());
    }
    expect(await fingerprint()).toBe(before);
    // The owner reaches the same documents.
    ok(await f.get(`/api/v1/cyber/quotations/${ids.rfq}`, f.u.supplier1));
    ok(await f.get(`/api/v1/cyber/pos/${ids.po}`, f.u.supplier1));
    ok(await f.get(`/api/v1/cyber/lois/${ids.loi}`, f.u.supplier1));
  });

  it('never lists another company’s requests, quotations, prices, orders or LOIs', async () => {
    const lists = [
      '/api/v1/cyber/rfqs',
      '/api/v1/cyber/quotations',
      '/api/v1/cyber/pos',
      '/api/v1/cyber/lois',
      '/api/v1/cyber/home/rfqs',
      '/api/v1/cyber/home/orders',
    ];
    const invited = new Set(
      (await t.db.db.selectFrom('quotation').select('rfqNo').where('compNo', '=', 'C00002').execute()).map(
        (q) => q.rfqNo,
      ),
    );
    const ownTotals = new Map(
      (
        await t.db.db.selectFrom('quotation').select(['rfqNo', 'totalAmount']).where('compNo', '=', 'C00002').execute()
      ).map((q) => [q.rfqNo, q.totalAmount]),
    );
    for (const url of lists) {
      const res = ok(await f.get(`${url}?size=5000`, f.u.supplier2));
      const text = JSON.stringify(res);
      expect(text, url).not.toContain(ids.rfq);
      expect(text, url).not.toContain(ids.po);
      expect(text, url).not.toContain(ids.loi);
      if (url.includes('rfqs') || url.includes('quotations')) {
        // Only requests C00002 was invited to, each with C00002's own total (or none yet).
        for (const r of res.rows as Array<{ rfqNo: string; totalAmount: string | null }>) {
          expect(invited.has(r.rfqNo), `${url} ${r.rfqNo}`).toBe(true);
          expect(r.totalAmount, `${url} ${r.rfqNo}`).toBe(ownTotals.get(r.rfqNo));
        }
      }
    }
    // Filters naming another company's ids change nothing either.
    expect(ok(await f.get(`/api/v1/cyber/rfqs?rfqNo=${ids.rfq}`, f.u.supplier2)).total).toBe(0);
    expect(ok(await f.get(`/api/v1/cyber/pos?poNo=${ids.po}`, f.u.supplier2)).total).toBe(0);
    expect(ok(await f.get(`/api/v1/cyber/lois?loiNo=${ids.loi}`, f.u.supplier2)).total).toBe(0);
  });

  it('scopes the supplier-owned purchasing tables themselves', async () => {
    for (const table of ['quotation', 'quotation_line', 'loi', 'po_header'])
      expect(COMPANY_OWNED_TABLES[table], table).toBe('comp_no');
    const scoped = scopeToCompany(t.db.db, 'C00002');
    expect(await scoped.selectFrom('quotationLine').select('compNo').where('rfqNo', '=', ids.rfq).execute()).toEqual(
      [],
    );
    expect(await scoped.selectFrom('quotation').select('compNo').where('rfqNo', '=', ids.rfq).execute()).toEqual([]);
    expect(await scoped.selectFrom('loi').select('loiNo').where('loiNo', '=', ids.loi).execute()).toEqual([]);
    // Tables without comp_no are reached only through an owned one: the join admits nothing.
    const lines = await scoped
      .selectFrom('rfqLine as l')
      .innerJoin('quotation as q', 'q.rfqNo', 'l.rfqNo')
      .select('l.lineNo')
      .where('l.rfqNo', '=', ids.rfq)
      .execute();
    expect(lines).toEqual([]);
    const poLines = await scoped
      .selectFrom('poLine as l')
      .innerJoin('poHeader as h', 'h.poNo', 'l.poNo')
      .select('l.lineNo')
      .where('l.poNo', '=', ids.po)
      .execute();
    expect(poLines).toEqual([]);
    const r = await scoped
      .updateTable('quotation')
      .set({ remark: 'hacked' })
      .where('rfqNo', '=', ids.rfq)
      .executeTakeFirst();
    expect(Number(r.numUpdatedRows)).toBe(0);
  });
});
