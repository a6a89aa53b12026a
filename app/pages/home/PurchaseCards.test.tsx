import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../stores/session';
import { renderPage } from '../../testing/render-page';
import { HOME_PURCHASE_TEXTS } from './home-texts';
import { InternalPurchaseCards, SupplierPurchaseCards, internalDocumentHref } from './PurchaseCards';
import { APPROVALS, BIDDING_INVITATIONS, CODES, DOCUMENTS, NEW_RFQS, OPEN_ORDERS } from './purchase-cards-fixtures';

type Answer = { status?: number; body: unknown };

/** Answers the home endpoints by path; records every request. */
function stubServer(answers: Record<string, Answer | ((url: URL) => Answer)>) {
  const requests: URL[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    requests.push(url);
    const a = answers[url.pathname];
    const answer =
      typeof a === 'function'
        ? a(url)
        : (a ?? { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', msg: '없음' } });
    return Response.json(answer.body, { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return requests;
}

function login(portal: 'I' | 'X') {
  useSessionStore.getState().setLogin({
    loginData: {
      auth: '',
      authGroupId: portal === 'I' ? '50' : '60',
      section: '',
      deptcd: '',
      deptnm: '',
      hname: portal === 'I' ? '박성호' : '최영호',
      singleid: 'x',
    },
    codes: CODES,
  });
}

describe('home cards of purchasing', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.getState().clear();
  });

  it('internal: my pending approvals and my recent documents, each document linked to its screen', async () => {
    const requests = stubServer({
      '/api/v1/home/approvals': { body: APPROVALS },
      '/api/v1/home/documents': (url) => ({
        body:
          url.searchParams.get('docType') === 'LOI'
            ? { rows: DOCUMENTS.rows.filter((r) => r.docType === 'LOI'), total: 1 }
            : DOCUMENTS,
      }),
    });
    login('I');
    renderPage(<InternalPurchaseCards />);
    const approvals = await screen.findByRole('region', { name: '내 결재 대기' });
    await within(approvals).findByRole('link', { name: 'PR2026-000412' });
    expect(within(approvals).getByRole('link', { name: 'PR2026-000412' })).toHaveAttribute(
      'href',
      '/prEdit?prNo=PR2026-000412',
    );
    expect(within(approvals).getByRole('link', { name: 'PO2026-000377' })).toHaveAttribute(
      'href',
      '/OrderRequestEdit?poNo=PO2026-000377',
    );
    expect(within(approvals).getByText('4건')).toBeInTheDocument();
    // A change order: the proposed total the approver decides, beside the one in force.
    expect(within(approvals).getByText('변경 전 1,200,000 KRW → 변경 1,440,000 KRW')).toBeInTheDocument();
    expect(within(approvals).getByText('1/2단계')).toBeInTheDocument();
    expect(within(approvals).getByText('12,500,000 KRW')).toBeInTheDocument();
    expect(within(approvals).getByText('정수빈 상신')).toBeInTheDocument();
    expect(requests.find((u) => u.pathname === '/api/v1/home/approvals')!.searchParams.get('size')).toBe('5');

    const documents = screen.getByRole('region', { name: '내 최근 문서' });
    await within(documents).findByRole('link', { name: 'LOI2026-000021' });
    expect(within(documents).getByRole('link', { name: 'LOI2026-000021' })).toHaveAttribute(
      'href',
      '/LoiRequestEdit?loiNo=LOI2026-000021',
    );
    expect(within(documents).getByRole('link', { name: 'PO2026-000350' })).toHaveAttribute(
      'href',
      '/SimpleOrderEdit?poNo=PO2026-000350',
    );
    // Status codes as the code group of each document type names them.
    expect(within(documents).getByText('결재중')).toBeInTheDocument();
    expect(within(documents).getByText('발행')).toBeInTheDocument();
    expect(within(documents).getByText('발주전송')).toBeInTheDocument();

    await userEvent.click(within(documents).getByRole('button', { name: 'LOI' }));
    await waitFor(() =>
      expect(within(documents).queryByRole('link', { name: 'PO2026-000350' })).not.toBeInTheDocument(),
    );
    expect(
      requests
        .filter((u) => u.pathname === '/api/v1/home/documents')
        .at(-1)!
        .searchParams.get('docType'),
    ).toBe('LOI');
    expect(within(documents).getByRole('button', { name: 'LOI' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('internal: more pending approvals than the card shows → 전체 보기 lists every one in the card', async () => {
    const many = Array.from({ length: 7 }, (_, i) => ({
      ...APPROVALS.rows[0],
      approvalId: 900 + i,
      docNo: `PR2026-0009${String(i).padStart(2, '0')}`,
    }));
    const requests = stubServer({
      '/api/v1/home/approvals': (url) => ({
        body: { rows: many.slice(0, Number(url.searchParams.get('size'))), total: many.length },
      }),
      '/api/v1/home/documents': { body: DOCUMENTS },
    });
    login('I');
    renderPage(<InternalPurchaseCards />);
    const approvals = await screen.findByRole('region', { name: '내 결재 대기' });
    await within(approvals).findByRole('link', { name: 'PR2026-000900' });
    expect(within(approvals).getAllByRole('listitem')).toHaveLength(5);
    await userEvent.click(within(approvals).getByRole('button', { name: '결재 대기 전체 보기 (7건) →' }));
    await within(approvals).findByRole('link', { name: 'PR2026-000906' });
    expect(within(approvals).getAllByRole('listitem')).toHaveLength(7);
    expect(
      requests
        .filter((u) => u.pathname === '/api/v1/home/approvals')
        .at(-1)!
        .searchParams.get('size'),
    ).toBe('500');
    // Everything is listed: no more "more".
    expect(within(approvals).queryByRole('button', { name: /전체 보기/ })).not.toBeInTheDocument();
  });

  it('external: new quotation requests and open orders of my company, linked under /cyber', async () => {
    stubServer({ '/api/v1/cyber/home/rfqs': { body: NEW_RFQS }, '/api/v1/cyber/home/orders': { body: OPEN_ORDERS } });
    login('X');
    renderPage(<SupplierPurchaseCards />);
    const rfqs = await screen.findByRole('region', { name: '새 견적요청' });
    expect(await within(rfqs).findByRole('link', { name: 'RFQ2026-000101' })).toHaveAttribute(
      'href',
      '/cyber/prCheckEdit?rfqNo=RFQ2026-000101',
    );
    expect(within(rfqs).getByText('견적요청')).toBeInTheDocument();
    expect(within(rfqs).getByText('품목 2건')).toBeInTheDocument();
    expect(within(rfqs).getByRole('link', { name: /견적요청 전체 보기/ })).toHaveAttribute(
      'href',
      '/cyber/prCheckList',
    );
    const orders = screen.getByRole('region', { name: '진행중 발주' });
    expect(await within(orders).findByRole('link', { name: 'PO2026-000201' })).toHaveAttribute(
      'href',
      '/cyber/CyberOrderRequestEdit?poNo=PO2026-000201',
    );
    expect(within(orders).getByText('납기 2026-04-10')).toBeInTheDocument();
    expect(within(orders).getByText('납기 미정')).toBeInTheDocument();
    expect(within(orders).getByText('3,400,000 KRW')).toBeInTheDocument();
    expect(within(orders).getByRole('link', { name: /발주서 전체 보기/ })).toHaveAttribute(
      'href',
      '/cyber/CyberOrderRequestList',
    );
  });

  it('external: open tender and auction invitations of my company — the count of each, nearest deadline first, each linked to its screen', async () => {
    stubServer({
      '/api/v1/cyber/home/rfqs': { body: { rows: [], total: 0 } },
      '/api/v1/cyber/home/orders': { body: { rows: [], total: 0 } },
      '/api/v1/cyber/home/bidding': { body: BIDDING_INVITATIONS },
    });
    login('X');
    renderPage(<SupplierPurchaseCards />);
    const card = await screen.findByRole('region', { name: '입찰 초대' });
    expect(await within(card).findByRole('link', { name: 'RA2026-000007' })).toHaveAttribute(
      'href',
      '/cyber/bid/auctionRoom?auctionNo=RA2026-000007',
    );
    expect(within(card).getByRole('link', { name: 'BD2026-000012' })).toHaveAttribute(
      'href',
      '/cyber/bid/tenderSubmit?tenderNo=BD2026-000012',
    );
    expect(within(card).getByText('전자입찰 1건 · 역경매 1건')).toBeInTheDocument();
    expect(within(card).getByText('2건')).toBeInTheDocument();
    expect(within(card).getByText('진행중')).toBeInTheDocument();
    expect(within(card).getByText('시작 전')).toBeInTheDocument();
    expect(within(card).getByText('참여함')).toBeInTheDocument();
    expect(within(card).getByText('미참여')).toBeInTheDocument();
    const items = within(card)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items[0]).toMatch(/RA2026-000007/);
    expect(within(card).getByRole('link', { name: /입찰 참여 목록/ })).toHaveAttribute('href', '/cyber/bid/tenderList');
  });

  it('external: the tax invoices awaiting my company — a request with its deadline, a withdrawn one with its reason, the count', async () => {
    stubServer({
      '/api/v1/cyber/home/rfqs': { body: { rows: [], total: 0 } },
      '/api/v1/cyber/home/orders': { body: { rows: [], total: 0 } },
      '/api/v1/cyber/home/bidding': { body: { rows: [], total: 0, tenders: 0, auctions: 0 } },
      '/api/v1/cyber/home/tax-invoices': {
        body: {
          total: 2,
          rows: [
            {
              mgtKey: 'ST2026-000101-T',
              settleNo: 'ST2026-000101',
              period: '202610',
              status: 'REQUESTED',
              taxType: 'TAXABLE',
              writeDate: '2026-10-31',
              issueDeadline: '2026-11-10',
              totalAmount: '1100000',
              reason: null,
              requestedAt: '2026-11-02T01:00:00.000Z',
              updatedAt: '2026-11-02T01:00:00.000Z',
            },
            {
              mgtKey: 'ST2026-000090-T',
              settleNo: 'ST2026-000090',
              period: '202609',
              status: 'CANCELLED',
              taxType: 'TAXABLE',
              writeDate: '2026-09-30',
              issueDeadline: '2026-10-12',
              totalAmount: '550000',
              reason: '단가 정정 후 다시 요청합니다',
              requestedAt: '2026-10-02T01:00:00.000Z',
              updatedAt: '2026-10-05T01:00:00.000Z',
            },
          ],
        },
      },
    });
    login('X');
    renderPage(<SupplierPurchaseCards />);
    const card = await screen.findByRole('region', { name: '세금계산서 요청' });
    expect(await within(card).findByRole('link', { name: 'ST2026-000101-T' })).toHaveAttribute(
      'href',
      '/cyber/myTaxInvoiceDetail?mgtKey=ST2026-000101-T',
    );
    expect(within(card).getByText('2건')).toBeInTheDocument();
    expect(within(card).getByText('역발행 요청 (발행 또는 거부)')).toBeInTheDocument();
    expect(within(card).getByText('발행기한 2026-11-10')).toBeInTheDocument();
    expect(within(card).getByText('요청 취소됨')).toBeInTheDocument();
    expect(within(card).getByText('사유: 단가 정정 후 다시 요청합니다')).toBeInTheDocument();
    expect(within(card).getByText('1,100,000 KRW')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /세금계산서 전체 보기/ })).toHaveAttribute(
      'href',
      '/cyber/myTaxInvoice',
    );
  });

  it('(en) the invitations card in English', async () => {
    stubServer({
      '/api/v1/cyber/home/rfqs': { body: { rows: [], total: 0 } },
      '/api/v1/cyber/home/orders': { body: { rows: [], total: 0 } },
      '/api/v1/cyber/home/bidding': { body: { rows: [], total: 0, tenders: 0, auctions: 0 } },
    });
    login('X');
    renderPage(<SupplierPurchaseCards />, { language: 'en' });
    const card = await screen.findByRole('region', { name: 'Bidding invitations' });
    expect(await within(card).findByText('No tender or auction to take part in.')).toBeInTheDocument();
    expect(within(card).getByText('Tenders 0 · Auctions 0')).toBeInTheDocument();
  });

  it('an empty list says so; a failed one offers a retry that asks again', async () => {
    let fail = true;
    const requests = stubServer({
      '/api/v1/cyber/home/rfqs': { body: { rows: [], total: 0 } },
      '/api/v1/cyber/home/orders': () =>
        fail ? { status: 500, body: { statusCode: 500, code: 'INTERNAL', msg: '서버 오류' } } : { body: OPEN_ORDERS },
    });
    login('X');
    renderPage(<SupplierPurchaseCards />);
    expect(await screen.findByText('답변할 견적요청이 없습니다.')).toBeInTheDocument();
    const orders = screen.getByRole('region', { name: '진행중 발주' });
    expect(await within(orders).findByRole('alert')).toHaveTextContent('목록을 불러오지 못했습니다');
    fail = false;
    await userEvent.click(within(orders).getByRole('button', { name: '다시 시도' }));
    expect(await within(orders).findByRole('link', { name: 'PO2026-000201' })).toBeInTheDocument();
    expect(requests.filter((u) => u.pathname === '/api/v1/cyber/home/orders')).toHaveLength(2);
  });

  it('nobody logged in: no cards and no requests', () => {
    const requests = stubServer({});
    renderPage(<InternalPurchaseCards />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('in English too, with every text of the bundle in both languages', async () => {
    // English plural forms (x_one, x_other) stand for Korean's one text.
    const keys = (o: object, p = ''): string[] => [
      ...new Set(
        Object.entries(o).flatMap(([k, v]) =>
          typeof v === 'object' ? keys(v as object, `${p}${k}.`) : [`${p}${k.replace(/_(one|other)$/, '')}`],
        ),
      ),
    ];
    expect(keys(HOME_PURCHASE_TEXTS.en).sort()).toEqual(keys(HOME_PURCHASE_TEXTS.ko).sort());
    stubServer({
      '/api/v1/home/approvals': { body: { rows: [], total: 0 } },
      '/api/v1/home/documents': { body: { rows: [], total: 0 } },
      '/api/v1/cyber/home/rfqs': { body: { rows: [{ ...NEW_RFQS.rows[0], lineCount: 1 }], total: 1 } },
      '/api/v1/cyber/home/orders': { body: OPEN_ORDERS },
    });
    login('I');
    renderPage(<InternalPurchaseCards />, { language: 'en' });
    expect(await screen.findByText('Nothing is waiting for your approval.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'My recent documents' })).toBeInTheDocument();
    cleanup();
    useSessionStore.getState().clear();
    login('X');
    renderPage(<SupplierPurchaseCards />, { language: 'en' });
    expect(await screen.findByText('1 item')).toBeInTheDocument();
    expect(screen.getByText('no due date')).toBeInTheDocument();
  });

  it('links every document type to its screen; a budget transfer to the transfer list opened on it', () => {
    expect(internalDocumentHref('PR', 'PR2026-000001')).toBe('/prEdit?prNo=PR2026-000001');
    expect(internalDocumentHref('SIMPLE', 'PO2026-000002')).toBe('/SimpleOrderEdit?poNo=PO2026-000002');
    expect(internalDocumentHref('BUDGET', 'BT2026-000003')).toBe(
      '/budget/budgetTransfer?transferNo=BT2026-000003&selected=BT2026-000003',
    );
    // An electronic contract is approved on its detail.
    expect(internalDocumentHref('CONTRACT', 'CT2026-000004')).toBe('/contract/contractDetail?contractNo=CT2026-000004');
  });
});
