import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';

describe('catalogue masters', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let buyer: LoggedIn;
  let monitor: LoggedIn;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await sessionAs(t.app, 'tfadmin');
    buyer = await sessionAs(t.app, 'buyer');
    monitor = await sessionAs(t.app, 'monitor');
  });
  afterAll(() => t.close());
  const call = (who: LoggedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, payload });

  it('lists the category tree with item and child counts', async () => {
    const res = await call(admin, 'GET', '/api/v1/item/categories');
    expect(res.statusCode).toBe(200);
    const { rows, total } = res.json();
    expect(total).toBe(rows.length);
    const leaf = rows.find((r: { catCode: string }) => r.catCode === 'MRO0101');
    expect(leaf).toMatchObject({ depth: 3, parentCode: 'MRO01', childCount: 0 });
    expect(leaf.itemCount).toBeGreaterThan(0);
  });

  it('adds, renames, moves and deactivates a category; refuses to delete one with items, deletes an empty one', async () => {
    const add = await call(admin, 'POST', '/api/v1/item/categories', {
      catCode: 'TST01',
      parentCode: 'MRO',
      nameKo: '시험 분류',
      nameEn: 'Test',
    });
    expect(add.statusCode).toBe(200);
    expect(add.json()).toMatchObject({ catCode: 'TST01', depth: 2, version: 1 });
    const child = await call(admin, 'POST', '/api/v1/item/categories', {
      catCode: 'TST0101',
      parentCode: 'TST01',
      nameKo: '시험 하위',
      nameEn: 'Test leaf',
    });
    expect(child.json().depth).toBe(3);
    // A fourth level is refused.
    const deep = await call(admin, 'POST', '/api/v1/item/categories', {
      catCode: 'TST010101',
      parentCode: 'TST0101',
      nameKo: '너무 깊음',
      nameEn: 'Too deep',
    });
    expect(deep.statusCode).toBe(400);
    // Moving the two-level subtree to the top keeps depths in step.
    const move = await call(admin, 'PUT', '/api/v1/item/categories/TST01', {
      parentCode: null,
      nameKo: '시험 분류2',
      nameEn: 'Test2',
      version: 1,
    });
    expect(move.statusCode).toBe(200);
    expect(move.json()).toMatchObject({ depth: 1, nameKo: '시험 분류2', version: 2 });
    const rows = (await call(admin, 'GET', '/api/v1/item/categories')).json().rows;
    expect(rows.find((r: { catCode: string }) => r.catCode === 'TST0101').depth).toBe(2);
    // Moving under its own child is a cycle.
    const cycle = await call(admin, 'PUT', '/api/v1/item/categories/TST01', {
      parentCode: 'TST0101',
      nameKo: 'x',
      nameEn: 'x',
      version: 2,
    });
    expect(cycle.statusCode).toBe(400);
    // Stale version.
    expect(
      (await call(admin, 'PUT', '/api/v1/item/categories/TST01', { nameKo: 'x', nameEn: 'x', version: 1 })).statusCode,
    ).toBe(409);
    // Deactivating deactivates the subtree.
    const off = await call(admin, 'PUT', '/api/v1/item/categories/TST01', {
      nameKo: '시험 분류2',
      nameEn: 'Test2',
      useYn: 'N',
      version: 2,
    });
    expect(off.json().useYn).toBe('N');
    const leaf = await t.db.db
      .selectFrom('itemCategory')
      .select('useYn')
      .where('catCode', '=', 'TST0101')
      .executeTakeFirstOrThrow();
    expect(leaf.useYn).toBe('N');
    const withItems = await call(admin, 'DELETE', '/api/v1/item/categories/MRO0101?version=1');
    expect(withItems.statusCode).toBe(409);
    expect(withItems.json().code).toBe('CATEGORY_HAS_ITEMS');
    expect((await call(admin, 'DELETE', '/api/v1/item/categories/TST01?version=3')).json().code).toBe(
      'CATEGORY_HAS_CHILDREN',
    );
    const { version } = await t.db.db
      .selectFrom('itemCategory')
      .select('version')
      .where('catCode', '=', 'TST0101')
      .executeTakeFirstOrThrow();
    expect((await call(admin, 'DELETE', `/api/v1/item/categories/TST0101?version=${version - 1}`)).statusCode).toBe(
      409,
    );
    const del = await call(admin, 'DELETE', `/api/v1/item/categories/TST0101?version=${version}`);
    expect(del.statusCode).toBe(200);
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'item_category')
      .where('entityKey', '=', 'TST01')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['CREATE', 'MOVE', 'DEACTIVATE']));
  });

  it('sourcing groups: four levels, a buyer only at level 4', async () => {
    const { rows } = (await call(admin, 'GET', '/api/v1/item/sourcing-groups')).json();
    const l4 = rows.find((r: { sgLevel: string; buyerId: string | null }) => r.sgLevel === '004' && r.buyerId);
    expect(l4.buyerName).toBeTruthy();
    const l3 = rows.find((r: { sgCode: string }) => r.sgCode === l4.upCode);
    const add = await call(admin, 'POST', '/api/v1/item/sourcing-groups', {
      sgCode: 'SGT-X',
      upCode: l3.sgCode,
      sgName: '시험',
      sgNameEn: 'Test',
      buyerId: 'E000003',
    });
    expect(add.statusCode).toBe(200);
    expect(add.json()).toMatchObject({ sgLevel: '004', buyerId: 'E000003' });
    const below4 = await call(admin, 'POST', '/api/v1/item/sourcing-groups', {
      sgCode: 'SGT-Y',
      upCode: 'SGT-X',
      sgName: '시험',
      sgNameEn: 'Test',
    });
    expect(below4.statusCode).toBe(400);
    const buyerAtTop = await call(admin, 'PUT', `/api/v1/item/sourcing-groups/${rows[0].sgCode}`, {
      sgName: rows[0].sgName,
      sgNameEn: rows[0].sgNameEn,
      buyerId: 'E000003',
      version: 1,
    });
    expect(buyerAtTop.statusCode).toBe(400);
    const reassign = await call(admin, 'PUT', '/api/v1/item/sourcing-groups/SGT-X', {
      sgName: '시험',
      sgNameEn: 'Test',
      buyerId: 'E000004',
      version: 1,
    });
    expect(reassign.json()).toMatchObject({ buyerId: 'E000004', version: 2 });
    // getSgCode reads the same data.
    const opts = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/item/comp/sourcingGroup/getSgCode?SG_LEVEL=004&UP_LEVEL=${l3.sgCode}`,
        headers: admin.headers,
      })
    ).json();
    expect(opts.map((o: { SG_CODE: string }) => o.SG_CODE)).toContain('SGT-X');
  });

  it('attributes and allowed values', async () => {
    const add = await call(admin, 'POST', '/api/v1/item/attributes', {
      attrCode: 'SIZE',
      nameKo: '크기',
      nameEn: 'Size',
    });
    expect(add.statusCode).toBe(200);
    expect(
      (await call(admin, 'POST', '/api/v1/item/attributes', { attrCode: 'SIZE', nameKo: '크기', nameEn: 'Size' }))
        .statusCode,
    ).toBe(409);
    const v = await call(admin, 'POST', '/api/v1/item/attributes/SIZE/values', {
      valueCode: 'L',
      nameKo: '대',
      nameEn: 'Large',
    });
    expect(v.json()).toMatchObject({ attrCode: 'SIZE', valueCode: 'L', itemCount: 0 });
    const list = (await call(admin, 'GET', '/api/v1/item/attribute-values?attrCode=COLOR')).json();
    expect(list.rows.map((r: { valueCode: string }) => r.valueCode)).toContain('BLACK');
    const upd = await call(admin, 'PUT', '/api/v1/item/attributes/SIZE/values/L', {
      nameKo: '대형',
      nameEn: 'Large',
      useYn: 'N',
      version: 1,
    });
    expect(upd.json()).toMatchObject({ nameKo: '대형', useYn: 'N', version: 2 });
    expect((await call(admin, 'GET', '/api/v1/item/attributes/SIZE/values/L')).json().useYn).toBe('N');
  });

  it('units and conversions', async () => {
    const add = await call(admin, 'POST', '/api/v1/item/units', {
      unitCode: 'CS',
      nameKo: '케이스',
      nameEn: 'Case',
      conversions: [{ toUnit: 'EA', factor: '24' }],
    });
    expect(add.statusCode).toBe(200);
    expect(add.json().conversions).toEqual([{ toUnit: 'EA', factor: '24' }]);
    const bad = await call(admin, 'PUT', '/api/v1/item/units/CS', {
      nameKo: '케이스',
      nameEn: 'Case',
      conversions: [
        { toUnit: 'NOPE', factor: '2' },
        { toUnit: 'CS', factor: '1' },
      ],
      version: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toHaveLength(2);
    const ok = await call(admin, 'PUT', '/api/v1/item/units/CS', {
      nameKo: '케이스',
      nameEn: 'Case',
      conversions: [{ toUnit: 'BOX', factor: '2.5' }],
      version: 1,
    });
    expect(ok.json()).toMatchObject({ version: 2, conversions: [{ toUnit: 'BOX', factor: '2.5' }] });
  });

  it('only groups with the menu may write; read-only and unrelated groups are refused', async () => {
    expect((await call(monitor, 'GET', '/api/v1/item/categories')).statusCode).toBe(200);
    expect(
      (await call(monitor, 'POST', '/api/v1/item/attributes', { attrCode: 'X1', nameKo: 'x', nameEn: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await call(buyer, 'POST', '/api/v1/item/units', { unitCode: 'X1', nameKo: 'x', nameEn: 'x' })).statusCode,
    ).toBe(403);
    const supplier = await sessionAs(t.app, 'supplier1');
    expect((await call(supplier, 'GET', '/api/v1/item/categories')).statusCode).toBe(403);
  });

  it('a requester (group 30) reads the category tree the item search filters by, and nothing more of the catalogue', async () => {
    const tree = await call(buyer, 'GET', '/api/v1/item/categories');
    expect(tree.statusCode).toBe(200);
    expect(tree.json().rows.some((r: { catCode: string }) => r.catCode === 'MRO0101')).toBe(true);
    expect((await call(buyer, 'GET', '/api/v1/item/units')).statusCode).toBe(403);
    expect((await call(buyer, 'GET', '/api/v1/item/attributes')).statusCode).toBe(403);
    expect(
      (
        await call(buyer, 'POST', '/api/v1/item/categories', {
          catCode: 'TSTB1',
          parentCode: 'MRO',
          nameKo: '요청자 분류',
          nameEn: 'Requester',
        })
      ).statusCode,
    ).toBe(403);
  });
});
