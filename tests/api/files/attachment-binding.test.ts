import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { multipart } from '../../helpers/multipart.js';
import { client, logins, ok, prBody, refused, type Flow, type Who } from '../purchase/helpers.js';

/**
 * Every document that takes an attachment group by id (PR, PO, simple order, LOI, RFQ, quotation,
 * supplier master, its change and status requests; tenders in tests/api/bidding/tender-files.test.ts)
 * takes only its own group or the caller's fresh upload (files/owners.ts assertBindable): another
 * user's upload, another document's group or another company's are refused with the same 400 as a
 * group that does not exist, and nothing is written.
 */
describe('binding an attachment group to a document', () => {
  let t: TestApp;
  let f: Flow;
  const upload = async (who: Who, name = '첨부.pdf') => {
    const form = await multipart([{ name, content: '%PDF-1.4 첨부', type: 'application/pdf' }]);
    return ok(await t.app.inject({ method: 'POST', url: '/api/v1/cmmn/file/upload', payload: form.payload, headers: { ...who.headers, ...form.headers } })).fileId as string;
  };
  const count = async (table: 'prHeader' | 'companyChangeRequest') => Number((await t.db.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await buildTestApp();
    f = { ...client(t), u: await logins(t, ['buyer', 'operator', 'supplier1', 'supplier2']) };
  });
  afterAll(() => t.close());

  it('a PR takes its own group or the caller’s fresh upload, not another user’s upload nor another PR’s group', async () => {
    const theirs = await upload(f.u.operator, '남의파일.pdf');
    const before = await count('prHeader');
    const bad = refused(await f.post('/api/v1/prs', f.u.buyer, prBody({ fileId: theirs })), 400, 'VALIDATION');
    expect(bad.details).toMatchObject([{ path: 'body/fileId' }]);
    refused(await f.post('/api/v1/prs', f.u.buyer, prBody({ fileId: '00000000-0000-0000-0000-000000000000' })), 400, 'VALIDATION');
    expect(await count('prHeader')).toBe(before);

    const mine = await upload(f.u.buyer, '사양서.pdf');
    const pr = ok(await f.post('/api/v1/prs', f.u.buyer, prBody({ fileId: mine })));
    expect(pr.attachments).toMatchObject([{ fileId: mine }]);
    // Its own group stays through an edit; another PR may not take it.
    const edited = ok(await f.put(`/api/v1/prs/${pr.prNo}`, f.u.buyer, prBody({ fileId: mine, version: pr.version })));
    expect(edited.attachments).toHaveLength(1);
    refused(await f.post('/api/v1/prs', f.u.buyer, prBody({ fileId: mine })), 400, 'VALIDATION');
  });

  it('a supplier’s change request takes its own upload, never another company’s', async () => {
    const mine = ok(await f.get('/api/v1/my-company', f.u.supplier1));
    const form = {
      compNameKr: mine.compNameKr, compNameEn: mine.compNameEn, corpNo: mine.corpNo, ceoName: '새대표', bizType: mine.bizType, bizItem: mine.bizItem, zipCode: mine.zipCode, address: mine.address,
      phoneNo: mine.phoneNo, faxNo: mine.faxNo, email: mine.email, homepage: mine.homepage, bankCode: mine.bankCode, bankAccount: mine.bankAccount, bankHolder: mine.bankHolder, version: mine.version,
      changeReason: '대표자 변경',
    };
    const before = await count('companyChangeRequest');
    const otherCompany = await upload(f.u.supplier2, '남의사업자등록증.pdf');
    const bad = refused(await f.put('/api/v1/my-company', f.u.supplier1, { ...form, changeFileId: otherCompany }), 400, 'VALIDATION');
    expect(bad.details).toMatchObject([{ path: 'body/changeFileId' }]);
    expect(await count('companyChangeRequest')).toBe(before);

    const own = await upload(f.u.supplier1, '사업자등록증.pdf');
    const asked = ok(await f.put('/api/v1/my-company', f.u.supplier1, { ...form, changeFileId: own }));
    expect(asked.openReqNo).toBeTruthy();
    expect(await count('companyChangeRequest')).toBe(before + 1);
  });
});
