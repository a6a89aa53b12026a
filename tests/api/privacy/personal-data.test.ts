import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_OPERATIONS } from '../../../server/modules/privacy/registry.js';
import openapi from '../../../schemas/openapi.generated.json' with { type: 'json' };
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';

/**
 * Personal data in answers: lists masked unless the caller's duty needs the values,
 * every whole value shown written to the access log, downloads only with a reason.
 */
type Doc = {
  paths: Record<
    string,
    Record<
      string,
      { operationId?: string; responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }
    >
  >;
  components: { schemas: Record<string, unknown> };
};
const doc = openapi as unknown as Doc;

/** Every property name anywhere in a response schema (refs followed). */
function propertyNames(schema: unknown, out = new Set<string>(), depth = 0): Set<string> {
  if (!schema || typeof schema !== 'object' || depth > 8) return out;
  const s = schema as Record<string, unknown>;
  if (typeof s.$ref === 'string')
    return propertyNames(doc.components.schemas[s.$ref.split('/').pop()!], out, depth + 1);
  for (const [k, v] of Object.entries((s.properties as Record<string, unknown>) ?? {})) {
    out.add(k);
    propertyNames(v, out, depth + 1);
  }
  propertyNames(s.items, out, depth + 1);
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    for (const x of (s[key] as unknown[]) ?? []) propertyNames(x, out, depth + 1);
  return out;
}

describe('the personal-data registry matches the API contract', () => {
  it('names existing operations and fields of their answers', () => {
    const ops = new Map<string, unknown>();
    for (const methods of Object.values(doc.paths))
      for (const op of Object.values(methods))
        if (op.operationId) ops.set(op.operationId, op.responses?.['200']?.content?.['application/json']?.schema);
    for (const [operationId, entry] of Object.entries(PERSONAL_OPERATIONS)) {
      expect(ops.has(operationId), operationId).toBe(true);
      const names = propertyNames(ops.get(operationId));
      for (const field of [...Object.keys(entry.fields), ...(entry.identifying ?? []), entry.key])
        expect(names.has(field), `${operationId}.${field}`).toBe(true);
    }
  });
});

describe('masking, logged views and download reasons', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let operator: LoggedIn;
  let supplier1: LoggedIn;
  beforeAll(async () => {
    t = await buildTestApp();
    [admin, operator, supplier1] = await Promise.all([
      sessionAs(t.app, 'admin'),
      sessionAs(t.app, 'operator'),
      sessionAs(t.app, 'supplier1'),
    ]);
  });
  afterAll(() => t.close());

  const log = () => t.db.db.selectFrom('personalDataAccessLog').selectAll().orderBy('seq').execute();
  const get = (who: LoggedIn, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });
  /** A record's subjects: how many (a long list ends `…(+n)`), and whether each key written is one of `known`. */
  const keysOf = (text: string) => (known: string[]) => {
    const more = /,…\(\+(\d+)\)$/.exec(text);
    const written = (more ? text.slice(0, more.index) : text).split(',').filter(Boolean);
    return { count: written.length + (more ? Number(more[1]) : 0), allKnown: written.every((k) => known.includes(k)) };
  };

  it('the person popup: masked for a buyer, whole (and logged) for whoever manages users', async () => {
    const before = (await log()).length;
    const someone = await t.db.db
      .selectFrom('employee')
      .select('hname')
      .where('email', 'is not', null)
      .executeTakeFirstOrThrow();
    const url = `/api/v1/cmmn/popup/person?hname=${encodeURIComponent(someone.hname)}`;
    const masked = await get(operator, url);
    expect(masked.statusCode, masked.body).toBe(200);
    const rows = masked.json() as Array<{ singleid: string; email: string | null; telNo: string | null }>;
    const withEmail = rows.filter((r) => r.email);
    expect(withEmail.length).toBeGreaterThan(0);
    for (const r of withEmail) expect(r.email).toMatch(/^.{1,2}\*+@/);
    for (const r of rows.filter((x) => x.telNo)) expect(r.telNo).toMatch(/\*{3,4}/);
    expect((await log()).length).toBe(before);

    const whole = await get(admin, url);
    const full = whole.json() as typeof rows;
    const stored = await t.db.db
      .selectFrom('employee')
      .select(['singleid', 'email'])
      .where('singleid', '=', withEmail[0].singleid)
      .executeTakeFirstOrThrow();
    expect(full.find((r) => r.singleid === stored.singleid)?.email).toBe(stored.email);
    const entry = (await log()).at(-1)!;
    expect(entry).toMatchObject({
      actorId: 'admin',
      action: 'VIEW',
      operation: 'listPeople',
      subjectKind: 'EMPLOYEE',
      actorPortal: 'I',
    });
    expect(entry.subjectKeys.split(',')).toContain(stored.singleid);
    expect(entry.fields).toContain('email');
  });

  it('deliveries: the driver’s phone masked in every list, whole on the delivery itself (a logged view)', async () => {
    const list = await get(supplier1, '/api/v1/cyber/deliveries?page=1&size=20');
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().rows as Array<{ deliveryNo: string; delivererPhone: string | null }>;
    const phoned = rows.filter((r) => r.delivererPhone);
    expect(phoned.length).toBeGreaterThan(0);
    for (const r of phoned) expect(r.delivererPhone).toMatch(/^010-\*{4}-\d{4}$/);
    const adminList = await get(admin, '/api/v1/deliveries?page=1&size=20');
    for (const r of adminList.json().rows as typeof rows)
      if (r.delivererPhone) expect(r.delivererPhone).toContain('****');

    const one = phoned[0];
    const detail = await get(supplier1, `/api/v1/cyber/deliveries/${one.deliveryNo}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const stored = await t.db.db
      .selectFrom('delivery')
      .select('delivererPhone')
      .where('deliveryNo', '=', one.deliveryNo)
      .executeTakeFirstOrThrow();
    expect(detail.json().delivererPhone).toBe(stored.delivererPhone);
    expect((await log()).at(-1)).toMatchObject({
      actorId: 'supplier1',
      actorPortal: 'X',
      actorCompNo: 'C00001',
      operation: 'getMyDelivery',
      subjectKind: 'DELIVERER',
      subjectKeys: one.deliveryNo,
      fields: 'delivererPhone',
    });
  });

  it('a supplier’s contacts: whole on the supplier’s page, each contact named in the log', async () => {
    const res = await get(admin, '/api/v1/suppliers/C00001');
    expect(res.statusCode, res.body).toBe(200);
    const contacts = res.json().contacts as Array<{ seq: number; email: string | null }>;
    expect(contacts.length).toBeGreaterThan(0);
    const entry = (await log()).at(-1)!;
    expect(entry).toMatchObject({ operation: 'getSupplier', subjectKind: 'SUPPLIER_CONTACT' });
    expect(entry.subjectKeys.split(',')).toEqual(
      contacts
        .filter((c) => c.email || (c as { phoneNo?: string }).phoneNo || (c as { cellPhoneNo?: string }).cellPhoneNo)
        .map((c) => `C00001:${c.seq}`),
    );
  });

  it('a download of a list holding personal data needs a reason, which the log keeps', async () => {
    const body = {
      operation: 'listSupplierUsers',
      columns: [
        { field: 'userId', header: 'ID', type: 'text', width: 12 },
        { field: 'email', header: 'e-mail', type: 'text', width: 20 },
      ],
      sheetName: 'users',
    };
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/exports',
      headers: admin.headers,
      payload: body,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'PRIVACY_REASON_REQUIRED' });
    const tooShort = await t.app.inject({
      method: 'POST',
      url: '/api/v1/exports',
      headers: admin.headers,
      payload: { ...body, reason: { code: 'AUDIT', text: '' } },
    });
    expect(tooShort.statusCode).toBe(400);

    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/exports',
      headers: admin.headers,
      payload: { ...body, reason: { code: 'AUDIT', text: '분기 계정 점검' } },
    });
    expect(started.statusCode, started.body).toBe(202);
    const exportId = started.json().exportId as string;
    for (let i = 0; i < 200; i++) {
      const s = (await get(admin, `/api/v1/exports/${exportId}`)).json();
      if (s.status !== 'RUNNING') break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect((await get(admin, `/api/v1/exports/${exportId}`)).json()).toMatchObject({ status: 'DONE' });
    // Recorded once the file is written: the e-mail column it holds and the users whose address is in it.
    const users = (await get(admin, '/api/v1/supplier-users?page=1&size=1000')).json();
    const withEmail = (users.rows as { userId: string; email: string | null }[])
      .filter((u) => u.email)
      .map((u) => u.userId);
    const entry = (await log()).findLast((r) => r.action === 'DOWNLOAD' && r.operation === 'listSupplierUsers');
    expect(entry).toMatchObject({
      actorId: 'admin',
      subjectKind: 'SUPPLIER_USER',
      fields: 'email',
      reasonCode: 'AUDIT',
      reasonText: '분기 계정 점검',
    });
    expect(keysOf(entry!.subjectKeys)(withEmail)).toEqual({ count: new Set(withEmail).size, allKnown: true });

    // A list without personal data exports as before, and records nothing.
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/v1/exports',
      headers: operator.headers,
      payload: {
        operation: 'listPos',
        columns: [{ field: 'poNo', header: 'PO', type: 'text', width: 12 }],
        sheetName: 'po',
      },
    });
    expect(plain.statusCode, plain.body).toBe(202);
  });

  it('a delivery download is recorded with the columns and subjects the file holds: drivers and vehicles, no phone', async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/exports',
      headers: admin.headers,
      payload: {
        operation: 'listDeliveries',
        query: { compNo: 'C00001' },
        columns: [
          { field: 'deliveryNo', header: '납품번호', type: 'text', width: 14 },
          { field: 'delivererName', header: '운전자', type: 'text', width: 10 },
          { field: 'vehicleNo', header: '차량번호', type: 'text', width: 10 },
        ],
        sheetName: '납품',
        reason: { code: 'WORK', text: '입고 대사' },
      },
    });
    expect(started.statusCode, started.body).toBe(202);
    const exportId = started.json().exportId as string;
    for (let i = 0; i < 400; i++) {
      if ((await get(admin, `/api/v1/exports/${exportId}`)).json().status !== 'RUNNING') break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const done = (await get(admin, `/api/v1/exports/${exportId}`)).json();
    expect(done).toMatchObject({ status: 'DONE' });
    // The same list as the file, read whole: the rows with a driver's name or a vehicle number are its subjects.
    const listed = (await get(admin, '/api/v1/deliveries?compNo=C00001&page=1&size=5000')).json() as {
      rows: { deliveryNo: string; delivererName: string | null; vehicleNo: string | null }[];
    };
    expect(listed.rows.length).toBeLessThan(5000);
    const named = listed.rows.filter((d) => d.delivererName || d.vehicleNo);
    expect(named.length).toBeGreaterThan(0);
    const entry = (await log()).findLast((r) => r.action === 'DOWNLOAD' && r.operation === 'listDeliveries');
    expect(entry).toMatchObject({
      subjectKind: 'DELIVERER',
      fields: 'delivererName,vehicleNo',
      rowCount: done.rowsDone,
    });
    expect(keysOf(entry!.subjectKeys)(named.map((d) => d.deliveryNo))).toEqual({ count: named.length, allKnown: true });
  });

  it('a browser-side download is recorded with its reason; a list without personal data is refused', async () => {
    // The list answered first: a download names at most the rows it answered this session.
    const listed = await get(supplier1, '/api/v1/cyber/deliveries?page=1&size=5');
    expect(listed.statusCode, listed.body).toBe(200);
    const total = listed.json().total;
    expect(total).toBeGreaterThan(0);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/privacy/downloads',
      headers: supplier1.headers,
      payload: {
        operation: 'listMyDeliveries',
        rowCount: total,
        reason: { code: 'SETTLEMENT', text: '월 정산 대사' },
        // The file: numbers, drivers' names and vehicles — no phone column.
        columns: ['deliveryNo', 'delivererName', 'vehicleNo', 'deliveryDate'],
        subjectKeys: ['D-1', 'D-2'],
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await log()).at(-1)).toMatchObject({
      actorId: 'supplier1',
      actorCompNo: 'C00001',
      action: 'DOWNLOAD',
      operation: 'listMyDeliveries',
      rowCount: total,
      reasonCode: 'SETTLEMENT',
      fields: 'delivererName,vehicleNo',
      subjectKeys: 'D-1,D-2',
    });
    // More subjects than the file's rows: refused.
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/api/v1/privacy/downloads',
      headers: supplier1.headers,
      payload: {
        operation: 'listMyDeliveries',
        rowCount: 1,
        reason: { code: 'WORK', text: '확인용' },
        columns: ['deliveryNo', 'delivererName'],
        subjectKeys: ['D-1', 'D-2'],
      },
    });
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'PRIVACY_ROW_COUNT' });
    const notPersonal = await t.app.inject({
      method: 'POST',
      url: '/api/v1/privacy/downloads',
      headers: supplier1.headers,
      payload: {
        operation: 'listPos',
        rowCount: 1,
        reason: { code: 'WORK', text: '확인용' },
        columns: ['poNo'],
        subjectKeys: [],
      },
    });
    expect(notPersonal.statusCode).toBe(400);
    expect(notPersonal.json()).toMatchObject({ code: 'PRIVACY_OPERATION' });
    const noReason = await t.app.inject({
      method: 'POST',
      url: '/api/v1/privacy/downloads',
      headers: supplier1.headers,
      payload: { operation: 'listMyDeliveries', rowCount: 1 },
    });
    expect(noReason.statusCode).toBe(400);
  });

  it('the access-log screen: read and verified by administrators; a buyer is refused; an altered row is named', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());
    const list = await get(admin, `/api/v1/privacy/access-log?from=${today}&to=${today}&subjectKey=C00001:1`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().rows.length).toBeGreaterThan(0);
    expect(list.json().rows[0]).toMatchObject({ operation: 'getSupplier' });
    // The screen shows each field by its label: the answer lists them one a value.
    const row = list.json().rows[0];
    expect(row.fieldList).toEqual(row.fields.split(','));
    expect(row.fieldList.length).toBeGreaterThan(0);
    expect((await get(admin, '/api/v1/privacy/access-log')).statusCode).toBe(200);
    expect((await get(operator, '/api/v1/privacy/access-log')).statusCode).toBe(403);
    const verify = await get(admin, '/api/v1/privacy/access-log/verify');
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json()).toMatchObject({ intact: true, broken: null });

    const { sql } = await import('kysely');
    await sql`alter table personal_data_access_log disable trigger personal_data_access_log_no_change`.execute(t.db.db);
    await sql`update personal_data_access_log set reason_text = 'edited' where action = 'DOWNLOAD'`.execute(t.db.db);
    await sql`alter table personal_data_access_log enable trigger personal_data_access_log_no_change`.execute(t.db.db);
    const broken = await get(admin, '/api/v1/privacy/access-log/verify');
    expect(broken.statusCode).toBe(409);
    expect(broken.json()).toMatchObject({
      code: 'ACCESS_LOG_BROKEN',
      details: { intact: false, broken: { reason: 'HASH_MISMATCH' } },
    });
  });
});
