import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { multipart } from '../../helpers/multipart.js';
import { client, logins, ok, refused, type Flow, type Who } from '../purchase/helpers.js';

/** Supplier change requests: CyberCompManageEdit (the supplier asks) and CompManageEdit (staff decide). */
describe('supplier change requests', () => {
  let t: TestApp;
  let f: Flow;
  const upload = async (who: Who, name = '통장사본.pdf') => {
    const form = await multipart([{ name, content: '%PDF-1.4 통장 사본', type: 'application/pdf' }]);
    return ok(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/cmmn/file/upload',
        payload: form.payload,
        headers: { ...who.headers, ...form.headers },
      }),
    ).fileId as string;
  };
  const audits = async () =>
    Number(
      (
        await t.db.db
          .selectFrom('auditLog')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id ?? 0,
    );
  const requests = async () =>
    Number(
      (
        await t.db.db
          .selectFrom('companyChangeRequest')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** The form as the screen sends it back: the master's values with some changed. */
  const formOf = (c: Record<string, unknown>, changes: Record<string, unknown> = {}) => ({
    compNameKr: c.compNameKr,
    compNameEn: c.compNameEn,
    corpNo: c.corpNo,
    ceoName: c.ceoName,
    bizType: c.bizType,
    bizItem: c.bizItem,
    zipCode: c.zipCode,
    address: c.address,
    phoneNo: c.phoneNo,
    faxNo: c.faxNo,
    email: c.email,
    homepage: c.homepage,
    bankCode: c.bankCode,
    bankAccount: c.bankAccount,
    bankHolder: c.bankHolder,
    version: c.version,
    ...changes,
  });

  beforeAll(async () => {
    t = await buildTestApp();
    f = {
      ...client(t),
      u: await logins(t, ['admin', 'opadmin', 'monitor', 'buyer', 'supplier1', 'supplier1adm', 'supplier2']),
    };
  });
  afterAll(() => t.close());

  it('shows a supplier its own company with the account masked and its requests; staff name the supplier', async () => {
    const mine = ok(await f.get('/api/v1/my-company', f.u.supplier1));
    expect(mine.compNo).toBe('C00001');
    expect(mine.bankAccount).toContain('*');
    expect(mine.bankVisible).toBe('N');
    expect(mine.actions).toEqual(['update']);
    expect(mine.changeRequests.map((r: { status: string }) => r.status).sort()).toEqual(['APPROVED', 'REJECTED']);
    expect(mine.changeRequests.every((r: { compNo: string }) => r.compNo === 'C00001')).toBe(true);
    // Another company's number changes nothing: a supplier always gets its own.
    expect(ok(await f.get('/api/v1/my-company?compNo=C00002', f.u.supplier1)).compNo).toBe('C00001');
    const theirs = ok(await f.get('/api/v1/my-company', f.u.supplier2));
    expect(theirs.openReqNo).toMatch(/^CCR\d{4}-\d{6}$/);
    expect(theirs.actions).toEqual(['update', 'withdraw']);
    // Staff at the internal address: any supplier, read only (no actions), account in full for those who keep the master.
    const staff = ok(await f.get('/api/v1/my-company?compNo=C00002', f.u.opadmin));
    expect(staff).toMatchObject({ compNo: 'C00002', bankVisible: 'Y', actions: [] });
    expect(ok(await f.get('/api/v1/my-company?compNo=C00002', f.u.monitor)).bankAccount).toContain('*');
    refused(await f.get('/api/v1/my-company', f.u.opadmin), 400, 'VALIDATION');
    refused(await f.get('/api/v1/my-company?compNo=C00002', f.u.buyer), 403);
    // Lists: a supplier sees its own requests whatever compNo it sends; by number, another's is not found.
    const list = ok(await f.get('/api/v1/company-change-requests?compNo=C00002', f.u.supplier1));
    expect(list.total).toBe(0);
    refused(
      await f.get(`/api/v1/company-change-requests/${theirs.openReqNo}`, f.u.supplier1),
      404,
      'CHANGE_REQUEST_NOT_FOUND',
    );
    const seen = ok(await f.get(`/api/v1/company-change-requests/${theirs.openReqNo}`, f.u.opadmin));
    expect(seen.changes.find((c: { field: string }) => c.field === 'bankAccount').to).toContain('*');
    expect(seen.actions).toEqual(['approve', 'reject']);
    expect(JSON.stringify(seen)).not.toContain('301-0245-6789-11');
  });

  it('changes phones and contacts at once, and turns a bank change into a request staff approve', async () => {
    const before = ok(await f.get('/api/v1/my-company', f.u.supplier1));
    const fullBefore = (
      await t.db.db
        .selectFrom('company')
        .select(['bankAccount'])
        .where('compNo', '=', 'C00001')
        .executeTakeFirstOrThrow()
    ).bankAccount;

    // Nothing changed: refused.
    refused(await f.put('/api/v1/my-company', f.u.supplier1, formOf(before)), 400, 'NO_CHANGE');
    // A direct change: the phone, at once, audited, version up; the masked account sent back keeps the stored one.
    const direct = ok(await f.put('/api/v1/my-company', f.u.supplier1, formOf(before, { phoneNo: '031-555-0101' })));
    expect(direct).toMatchObject({ phoneNo: '031-555-0101', version: before.version + 1, openReqNo: null });
    expect(
      (
        await t.db.db
          .selectFrom('company')
          .select('bankAccount')
          .where('compNo', '=', 'C00001')
          .executeTakeFirstOrThrow()
      ).bankAccount,
    ).toBe(fullBefore);
    // A stale version: 409, nothing written.
    refused(
      await f.put('/api/v1/my-company', f.u.supplier1, formOf(before, { phoneNo: '031-555-0102' })),
      409,
      'VERSION_CONFLICT',
    );

    // A bank change needs an attachment and a reason — every problem at once, nothing written.
    const n0 = await requests();
    const a0 = await audits();
    const bad = refused(
      await f.put('/api/v1/my-company', f.u.supplier1, formOf(direct, { bankAccount: '110-987-654321' })),
      400,
      'VALIDATION',
    );
    expect(bad.details!.map((d) => d.path).sort()).toEqual(['body/changeFileId', 'body/changeReason']);
    expect(bad.details![0].message).toMatch(/통장 사본|변경 사유/);
    refused(
      await f.put('/api/v1/my-company', f.u.supplier1, formOf(direct, { bankAccount: '110-ABC' })),
      400,
      'VALIDATION',
    );
    expect(await requests()).toBe(n0);
    expect(await audits()).toBe(a0);

    const fileId = await upload(f.u.supplier1);
    const asked = ok(
      await f.put(
        '/api/v1/my-company',
        f.u.supplier1,
        formOf(direct, {
          bankAccount: '110-987-654321',
          bankHolder: '세진산업 주식회사',
          changeFileId: fileId,
          changeReason: '결제 계좌 변경',
        }),
      ),
    );
    expect(asked.openReqNo).toMatch(/^CCR\d{4}-\d{6}$/);
    expect(asked.bankAccount).toBe(direct.bankAccount);
    const open = asked.changeRequests.find((r: { reqNo: string }) => r.reqNo === asked.openReqNo);
    expect(open).toMatchObject({ status: 'REQUESTED', kinds: 'BANK', actions: ['withdraw'], requestedBy: 'supplier1' });
    expect(open.summary).toContain('계좌번호');
    expect(open.summary).not.toContain('654321');
    // The master is unchanged until staff approve.
    expect(
      (
        await t.db.db
          .selectFrom('company')
          .select('bankAccount')
          .where('compNo', '=', 'C00001')
          .executeTakeFirstOrThrow()
      ).bankAccount,
    ).toBe(fullBefore);
    // One open request at a time.
    const second = refused(
      await f.put(
        '/api/v1/my-company',
        f.u.supplier1adm,
        formOf(asked, {
          ceoName: '새대표',
          changeFileId: await upload(f.u.supplier1adm, '사업자등록증.pdf'),
          changeReason: '대표 변경',
        }),
      ),
      409,
      'CHANGE_REQUEST_OPEN',
    );
    expect(second.msg).toContain(asked.openReqNo);

    // Another supplier cannot decide, withdraw or see it.
    refused(
      await f.post(`/api/v1/company-change-requests/${asked.openReqNo}/withdraw`, f.u.supplier2, { version: 1 }),
      404,
      'CHANGE_REQUEST_NOT_FOUND',
    );
    refused(
      await f.post(`/api/v1/company-change-requests/${asked.openReqNo}/approve`, f.u.supplier1, { version: 1 }),
      403,
    );
    // Staff: read-only may not decide; a reject needs a reason; a stale version is refused.
    refused(
      await f.post(`/api/v1/company-change-requests/${asked.openReqNo}/approve`, f.u.monitor, { version: 1 }),
      403,
    );
    refused(
      await f.post(`/api/v1/company-change-requests/${asked.openReqNo}/reject`, f.u.opadmin, { version: 1 }),
      400,
      'VALIDATION',
    );
    refused(
      await f.post(`/api/v1/company-change-requests/${asked.openReqNo}/approve`, f.u.opadmin, { version: 2 }),
      409,
      'VERSION_CONFLICT',
    );
    refused(
      await f.post(`/api/v1/company-change-requests/${asked.openReqNo}/withdraw`, f.u.opadmin, { version: 1 }),
      403,
    );

    const approved = ok(
      await f.post(`/api/v1/company-change-requests/${asked.openReqNo}/approve`, f.u.opadmin, {
        version: 1,
        comment: '통장 사본 확인',
      }),
    );
    expect(approved).toMatchObject({ status: 'APPROVED', decidedBy: 'opadmin', version: 2, actions: [] });
    expect(approved.attachments.map((a: { originalName: string }) => a.originalName)).toEqual(['통장사본.pdf']);
    refused(
      await f.post(`/api/v1/company-change-requests/${asked.openReqNo}/reject`, f.u.opadmin, {
        version: 2,
        comment: '늦음',
      }),
      409,
      'INVALID_STATE',
    );

    // The master now holds the new account: in full for the keeper, masked for the supplier; the history names the request.
    const master = ok(await f.get('/api/v1/suppliers/C00001', f.u.opadmin));
    expect(master).toMatchObject({ bankAccount: '110-987-654321', bankHolder: '세진산업 주식회사' });
    expect(master.history.at(-1)).toMatchObject({ action: 'CHANGE_REQUEST', actor: 'opadmin' });
    expect(master.history.at(-1).reason).toContain(asked.openReqNo);
    expect(ok(await f.get('/api/v1/my-company', f.u.supplier1)).bankAccount).toBe('***-***-**4321');
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select(['afterData'])
      .where('entity', '=', 'company')
      .where('action', '=', 'CHANGE_REQUEST')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.afterData)).not.toContain('654321');
  });

  it('rejects and withdraws; a field changed since the request cannot be approved over', async () => {
    const c = ok(await f.get('/api/v1/my-company', f.u.supplier1adm));
    const fileId = await upload(f.u.supplier1adm, '사업자등록증.pdf');
    const asked = ok(
      await f.put(
        '/api/v1/my-company',
        f.u.supplier1adm,
        formOf(c, { ceoName: '문미경', changeFileId: fileId, changeReason: '대표자 변경' }),
      ),
    );
    const reqNo = asked.openReqNo;
    const rejected = ok(
      await f.post(`/api/v1/company-change-requests/${reqNo}/reject`, f.u.admin, {
        version: 1,
        comment: '등기부등본도 첨부하세요',
      }),
    );
    expect(rejected).toMatchObject({ status: 'REJECTED', decisionComment: '등기부등본도 첨부하세요' });
    expect(ok(await f.get('/api/v1/suppliers/C00001', f.u.admin)).ceoName).toBe(c.ceoName);

    // Withdraw by the supplier (any user of the company with write on its screen).
    const again = ok(
      await f.put(
        '/api/v1/my-company',
        f.u.supplier1adm,
        formOf(asked, {
          address: '서울특별시 구로구 디지털로 300',
          changeFileId: await upload(f.u.supplier1adm, '사업자등록증.pdf'),
          changeReason: '본사 이전',
        }),
      ),
    );
    const w = ok(
      await f.post(`/api/v1/company-change-requests/${again.openReqNo}/withdraw`, f.u.supplier1, { version: 1 }),
    );
    expect(w.status).toBe('WITHDRAWN');

    // Staff change the master while a request waits: its approval is refused, nothing applied.
    const third = ok(
      await f.put(
        '/api/v1/my-company',
        f.u.supplier1adm,
        formOf(again, {
          bizItem: '정밀 가공 부품',
          changeFileId: await upload(f.u.supplier1adm, '사업자등록증.pdf'),
          changeReason: '종목 추가',
        }),
      ),
    );
    const master = ok(await f.get('/api/v1/suppliers/C00001', f.u.admin));
    ok(
      await f.put('/api/v1/suppliers/C00001', f.u.admin, {
        compNameKr: master.compNameKr,
        ceoName: master.ceoName,
        bizItem: '직접 수정',
        version: master.version,
      }),
    );
    const stale = refused(
      await f.post(`/api/v1/company-change-requests/${third.openReqNo}/approve`, f.u.opadmin, { version: 1 }),
      409,
      'INVALID_STATE',
    );
    expect(stale.msg).toContain('종목');
    expect(ok(await f.get('/api/v1/suppliers/C00001', f.u.admin)).bizItem).toBe('직접 수정');
    ok(
      await f.post(`/api/v1/company-change-requests/${third.openReqNo}/reject`, f.u.opadmin, {
        version: 1,
        comment: '다시 요청하세요',
      }),
    );
  });

  it('refuses staff and read-only suppliers on the supplier’s write, and suppliers on staff decisions', async () => {
    const c = ok(await f.get('/api/v1/my-company?compNo=C00001', f.u.admin));
    refused(await f.put('/api/v1/my-company', f.u.admin, formOf(c, { phoneNo: '02-000-0000' })), 403);
    const seeded = ok(await f.get('/api/v1/company-change-requests?status=REQUESTED&compNo=C00002', f.u.opadmin));
    expect(seeded.total).toBe(1);
    refused(
      await f.post(`/api/v1/company-change-requests/${seeded.rows[0].reqNo}/approve`, f.u.supplier2, { version: 1 }),
      403,
    );
    refused(
      await f.post(`/api/v1/company-change-requests/${seeded.rows[0].reqNo}/withdraw`, f.u.supplier1adm, {
        version: 1,
      }),
      404,
      'CHANGE_REQUEST_NOT_FOUND',
    );
    expect(ok(await f.get(`/api/v1/company-change-requests/${seeded.rows[0].reqNo}`, f.u.opadmin)).status).toBe(
      'REQUESTED',
    );
  });
});
