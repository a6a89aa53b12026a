import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';
import { api } from '../fulfilment/helpers.js';

/**
 * Lists asked as their list screens ask them (engine/list/page-fetcher.ts sends page and size): two rows a page,
 * page 2 goes on where page 1 stopped, and the total is every row's count, not the page's.
 */
describe('list operations answer one page at a time with the true total', () => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let tfadmin: LoggedIn;
  let operator: LoggedIn;

  beforeAll(async () => {
    t = await buildTestApp({ config: { taxInvoiceGate: true } });
    http = api(t.app);
    tfadmin = await sessionAs(t.app, 'tfadmin');
    operator = await sessionAs(t.app, 'operator');
  }, 120_000);
  afterAll(() => t?.close());

  /** Every row in one page, then pages of `size`: they are its rows, in the same order, and the same total. */
  async function pagesOf(url: string, who: LoggedIn, size = 2) {
    const at = (page: number, n: number) => `${url}${url.includes('?') ? '&' : '?'}page=${page}&size=${n}`;
    const all = await http.get(at(1, 5000), who);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const rows = all.body.rows as unknown[];
    expect(rows.length, 'the arrangement: more rows than two pages hold').toBeGreaterThan(2 * size);
    expect(all.body.total).toBe(rows.length);
    for (const page of [1, 2, 3]) {
      const one = await http.get(at(page, size), who);
      expect(one.status, JSON.stringify(one.body)).toBe(200);
      expect(one.body.rows, `page ${page}`).toEqual(rows.slice((page - 1) * size, page * size));
      expect(one.body.total).toBe(rows.length);
    }
    const past = await http.get(at(Math.ceil(rows.length / size) + 1, size), who);
    expect(past.body).toMatchObject({ rows: [], total: rows.length });
  }

  it('listItemAttributeValues (/attributeValue)', async () => {
    await pagesOf('/api/v1/item/attribute-values', tfadmin);
  });

  it('listTaxInvoiceDeadlines (/taxInvoiceDeadline)', async () => {
    await pagesOf('/api/v1/tax-invoice-deadlines?periods=&periods=', operator);
  });

  it('listTaxInvoiceExceptions (/taxInvoiceException)', async () => {
    await pagesOf('/api/v1/tax-invoice-exceptions', operator);
  });

  it('listMyDelegations (/portal/approval/approvalDelegation)', async () => {
    const me = await sessionAs(t.app, 'uadmin1');
    const { singleid } = await t.db.db
      .selectFrom('appUser')
      .select('singleid')
      .where('userId', '=', 'uadmin1')
      .executeTakeFirstOrThrow();
    // Five past weeks, one apart (no two overlap): the arrangement, not what a person could still enter.
    await t.db.db
      .insertInto('approvalDelegation')
      .values(
        [1, 2, 3, 4, 5].map((w) => ({
          approverId: singleid!,
          deputyId: 'E000002',
          fromDate: `2020-0${w}-01`,
          toDate: `2020-0${w}-07`,
          createdBy: 'uadmin1',
        })),
      )
      .execute();
    await pagesOf('/api/v1/approval/delegations', me);
  });

  it('listContractTemplates (/contract/templateList)', async () => {
    // The seed has two: a third, saved as the template screen saves one.
    const saved = await http.put('/api/v1/contract-templates/PAGING', operator, {
      name: '페이지 확인 계약서',
      contractType: 'SUPPLY',
      signOrder: 'BUYER_FIRST',
      body: '{{contract.typeName}}\n\n발주자 {{buyer.name}}과 수급자 {{supplier.name}}은 {{contract.title}}에 관하여 계약한다.',
      version: 0,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await pagesOf('/api/v1/contract-templates', operator, 1);
  });

  it('listItemPriceTrend (the item’s 단가 추이)', async () => {
    const { itemCode } = await t.db.db
      .selectFrom('item')
      .select('itemCode')
      .where('itemCode', 'not in', t.db.db.selectFrom('itemPriceHistory').select('itemCode'))
      .orderBy('itemCode')
      .limit(1)
      .executeTakeFirstOrThrow();
    await t.db.db
      .insertInto('itemPriceHistory')
      .values(
        [1, 2, 3, 4, 5].map((m) => ({
          itemCode,
          compNo: 'C00001',
          effectiveDate: `2020-0${m}-01`,
          unitPrice: String(100 * m),
          currency: 'KRW',
          source: 'MANUAL' as const,
          changedBy: 'test',
        })),
      )
      .execute();
    await pagesOf(`/api/v1/items/${itemCode}/price-trend`, tfadmin);
  });

  it('listSubconRates (/subconRateManage)', async () => {
    await pagesOf('/api/v1/subcon/rates', operator, 1);
  });
});
