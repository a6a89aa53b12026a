import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';

/** Small request helpers for the fulfilment API tests. */
export function api(app: FastifyInstance) {
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: LoggedIn, payload?: unknown) => {
    const res = await app.inject({
      method,
      url,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return {
      status: res.statusCode,
      body: res.headers['content-type']?.toString().includes('json') ? res.json() : res.body,
      res,
    };
  };
  return {
    get: (url: string, who: LoggedIn) => call('GET', url, who),
    post: (url: string, who: LoggedIn, payload: unknown = {}) => call('POST', url, who, payload),
    put: (url: string, who: LoggedIn, payload: unknown) => call('PUT', url, who, payload),
    del: (url: string, who: LoggedIn) => call('DELETE', url, who),
  };
}

/** Asserts an error answer: status, code, a Korean message. */
export function expectError(r: { status: number; body: unknown }, status: number, code: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  const body = r.body as { statusCode: number; code: string; msg: string };
  expect(body.code).toBe(code);
  expect(body.statusCode).toBe(status);
  expect(body.msg).toMatch(/[가-힣]/);
}

let poSeq = 0;

export interface TestPoLine {
  quantity: string;
  unitPrice: string;
  itemName?: string;
  itemCode?: string;
}

/**
 * An acknowledged order written straight into the database (orders belong to purchasing; these
 * tests need one with known prices). Department, buyer and requester are copied from one of the
 * company's seeded orders.
 */
export async function insertAcknowledgedPo(
  t: TestApp,
  compNo: string,
  currency: 'KRW' | 'JPY',
  lines: TestPoLine[],
): Promise<string> {
  const db = t.db.db;
  const model = await db
    .selectFrom('poHeader')
    .select(['section', 'deptcd', 'buyerId', 'requesterId'])
    .where('compNo', '=', compNo)
    .where('requesterId', 'is not', null)
    .orderBy('poNo')
    .executeTakeFirstOrThrow();
  const unit = await db.selectFrom('unit').select('unitCode').orderBy('unitCode').executeTakeFirstOrThrow();
  poSeq += 1;
  const poNo = `PO2099-${String(900000 + poSeq).padStart(6, '0')}`;
  const amounts = lines.map((l) => (Number(l.quantity) * Number(l.unitPrice)).toFixed(2));
  await db
    .insertInto('poHeader')
    .values({
      poNo,
      poType: 'PO',
      compNo,
      section: model.section,
      deptcd: model.deptcd,
      buyerId: model.buyerId,
      requesterId: model.requesterId,
      title: `테스트 발주 ${poNo}`,
      currency,
      totalAmount: amounts.reduce((s, a) => s + Number(a), 0).toFixed(2),
      status: 'ACKNOWLEDGED',
      poDate: '2026-10-01',
      dueDate: '2026-12-31',
      forwardedAt: new Date(),
      acknowledgedAt: new Date(),
    })
    .execute();
  await db
    .insertInto('poLine')
    .values(
      lines.map((l, i) => ({
        poNo,
        lineNo: i + 1,
        itemCode: l.itemCode ?? null,
        itemName: l.itemName ?? `테스트 품목 ${i + 1}`,
        spec: null,
        unitCode: unit.unitCode,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        amount: amounts[i],
      })),
    )
    .execute();
  return poNo;
}

/** Rows of a table matching a column, to show that a refused request changed nothing. */
export async function count(
  t: TestApp,
  table:
    | 'delivery'
    | 'deliveryLine'
    | 'whReceipt'
    | 'settlement'
    | 'settlementAdjustment'
    | 'erpVoucher'
    | 'postingError'
    | 'auditLog',
): Promise<number> {
  const row = await t.db.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
