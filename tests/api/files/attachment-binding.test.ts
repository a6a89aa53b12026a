import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { multipart } from '../../helpers/multipart.js';
import { client, logins, ok, prBody, refused, type Flow, type Who } from '../purchase/helpers.js';

/**
 * Every document that takes an attachment group by id (PR, PO, simple order, LOI, RFQ, quotation,
 * supplier master, its change and status requests, item, item proposal, delivery, board post; tenders in
 * tests/api/bidding/tender-files.test.ts)
 * takes only its own group or the caller's fresh upload (files/owners.ts assertBindable): another
 * user's upload, another document's group or another company's are refused with the same 400 as a
 * group that does not exist, and nothing is written.
 */
describe('binding an attachment group to a document', () => {
  let t: TestApp;
  let f: Flow;
  const upload = async (who: Who, name = '첨부.pdf') => {
    const form = await multipart([{ name, content: '%PDF-1.4 첨부', type: 'application/pdf' }]);
    return ok(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/cmmn/file/upload',
        payload: form.payload,
        headers: { ...who.headers, ...form.headers },
      }),
    ).fileId as string;
  };
  const count = async (table: 'prHeader' | 'companyChangeRequest') =>
    Number(
      (
        await t.db.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await buildTestApp();
    f = { ...client(t), u: await logins(t, ['admin', 'buyer', 'operator', 'supplier1', 'supplier2']) };
  });
  afterAll(() => t.close());

  it('a PR takes its own group or the caller’s fresh upload, not another user’s upload nor another PR’s group', async () => {
    const theirs = await upload(f.u.operator, '남의파일.pdf');
    const before = await count('prHeader');
    const bad = refused(await f.post('/api/v1/prs', f.u.buyer, prBody({ fileId: theirs })), 400, 'VALIDATION');
    expect(bad.details).toMatchObject([{ path: 'body/fileId' }]);
    refused(
      await f.post('/api/v1/prs', f.u.buyer, prBody({ fileId: '00000000-0000-0000-0000-000000000000' })),
      400,
      'VALIDATION',
    );
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
      compNameKr: mine.compNameKr,
      compNameEn: mine.compNameEn,
      corpNo: mine.corpNo,
      ceoName: '새대표',
      bizType: mine.bizType,
      bizItem: mine.bizItem,
      zipCode: mine.zipCode,
      address: mine.address,
      phoneNo: mine.phoneNo,
      faxNo: mine.faxNo,
      email: mine.email,
      homepage: mine.homepage,
      bankCode: mine.bankCode,
      bankAccount: mine.bankAccount,
      bankHolder: mine.bankHolder,
      version: mine.version,
      changeReason: '대표자 변경',
    };
    const before = await count('companyChangeRequest');
    const otherCompany = await upload(f.u.supplier2, '남의사업자등록증.pdf');
    const bad = refused(
      await f.put('/api/v1/my-company', f.u.supplier1, { ...form, changeFileId: otherCompany }),
      400,
      'VALIDATION',
    );
    expect(bad.details).toMatchObject([{ path: 'body/changeFileId' }]);
    expect(await count('companyChangeRequest')).toBe(before);

    const own = await upload(f.u.supplier1, '사업자등록증.pdf');
    const asked = ok(await f.put('/api/v1/my-company', f.u.supplier1, { ...form, changeFileId: own }));
    expect(asked.openReqNo).toBeTruthy();
    expect(await count('companyChangeRequest')).toBe(before + 1);
  });
  it('an item, a supplier’s proposal, a delivery and a notice take only their own or a fresh upload', async () => {
    // A PR's group (the buyer's document): an item or a supplier-portal notice holding it would show the PR's files to others.
    const prGroup = await upload(f.u.buyer, '발주요청첨부.pdf');
    ok(await f.post('/api/v1/prs', f.u.buyer, prBody({ fileId: prGroup })));
    const item = {
      itemName: '첨부 시험 품목',
      spec: 'A-1',
      catCode: 'MRO0101',
      sgCode: 'SGI-MRO0101-D',
      unitCode: 'EA',
      refPrice: '1500',
      currency: 'KRW',
    };
    const items = async () =>
      Number(
        (
          await t.db.db
            .selectFrom('item')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const itemsBefore = await items();
    expect(
      refused(await f.post('/api/v1/items', f.u.admin, { ...item, fileId: prGroup }), 400, 'VALIDATION').details,
    ).toMatchObject([{ path: 'body/fileId' }]);
    expect(await items()).toBe(itemsBefore);
    const photo = await upload(f.u.admin, '품목사진.pdf');
    expect(ok(await f.post('/api/v1/items', f.u.admin, { ...item, fileId: photo })).fileId).toBe(photo);

    const notices = async () =>
      Number(
        (
          await t.db.db
            .selectFrom('boardPost')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const noticesBefore = await notices();
    refused(
      await f.post('/api/v1/portal/cyber-notices', f.u.admin, { title: '공지', body: '본문', fileId: prGroup }),
      400,
      'VALIDATION',
    );
    refused(
      await f.post('/api/v1/portal/cyber-notices', f.u.admin, { title: '공지', body: '본문', fileId: photo }),
      400,
      'VALIDATION',
    );
    expect(await notices()).toBe(noticesBefore);
    const noticeFile = await upload(f.u.admin, '공지첨부.pdf');
    const notice = ok(
      await f.post('/api/v1/portal/cyber-notices', f.u.admin, { title: '공지', body: '본문', fileId: noticeFile }),
    );
    expect(
      ok(
        await f.put(`/api/v1/portal/cyber-notices/${notice.postId}`, f.u.admin, {
          title: '공지 고침',
          body: '본문',
          fileId: noticeFile,
          version: notice.version,
        }),
      ).fileId,
    ).toBe(noticeFile);

    const validFrom = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const proposal = {
      kind: 'NEW',
      itemName: '제안 품목',
      catCode: 'MRO0101',
      unitCode: 'EA',
      proposedPrice: '900',
      currency: 'KRW',
      validFrom,
      reason: '신규 제안',
    };
    const otherCompany = await upload(f.u.supplier2, '남의카탈로그.pdf');
    refused(
      await f.post('/api/v1/item-proposals', f.u.supplier1, { ...proposal, fileId: otherCompany }),
      400,
      'VALIDATION',
    );
    // The supplier-portal notice's group: binding it would give the supplier write on the notice's files.
    refused(
      await f.post('/api/v1/item-proposals', f.u.supplier1, { ...proposal, fileId: noticeFile }),
      400,
      'VALIDATION',
    );
    const catalogue = await upload(f.u.supplier1, '카탈로그.pdf');
    const made = ok(await f.post('/api/v1/item-proposals', f.u.supplier1, { ...proposal, fileId: catalogue }));
    expect(made.fileId).toBe(catalogue);

    const seeded = await t.db.db
      .selectFrom('item')
      .select(['itemCode', 'unitCode'])
      .orderBy('itemCode')
      .executeTakeFirstOrThrow();
    const delivery = {
      deliveryDate: '2026-11-05',
      lines: [
        { itemCode: seeded.itemCode, itemName: '긴급 부품', unitCode: seeded.unitCode, quantity: '1', PRICE: '1000' },
      ],
    };
    // Its own company's proposal group is another document's all the same.
    expect(
      refused(
        await f.post('/api/v1/cyber/deliveries', f.u.supplier1, { ...delivery, FILE_SEQ: catalogue }),
        400,
        'VALIDATION',
      ).details,
    ).toMatchObject([{ path: 'body/FILE_SEQ' }]);
    refused(
      await f.post('/api/v1/cyber/deliveries', f.u.supplier1, { ...delivery, FILE_SEQ: otherCompany }),
      400,
      'VALIDATION',
    );
    const slip = await upload(f.u.supplier1, '거래명세서.pdf');
    const registered = ok(await f.post('/api/v1/cyber/deliveries', f.u.supplier1, { ...delivery, FILE_SEQ: slip }));
    expect(registered.delivery.FILE_SEQ ?? registered.delivery.fileId).toBe(slip);
  });
});
