import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickGridRow, editGridCell, gridRowTexts, installGlideJsdom } from '../../engine/testing/grid';
import { renderScreen } from '../../engine/testing/screen-harness';
import { OperationError, type OperationInput } from '../../engine/services';
import { screenDefinitions, screenTexts } from '../index';
import { draftAgreementAnswer } from '../testing/agreement-answer';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

type Calls = Array<{ operation: string; input: OperationInput }>;
const lastCall = (calls: Calls, op: string) => [...calls].reverse().find((c) => c.operation === op);

async function confirmYes() {
  const dialog = await screen.findByRole('alertdialog');
  fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
}

const SUPPLIER_LOGIN = {
  auth: 'U',
  authGroupId: '60',
  section: '',
  deptcd: '',
  deptnm: '',
  hname: '최영호',
  singleid: 'supplier1',
};

function ownTender(over: Record<string, unknown> = {}) {
  return {
    tenderNo: 'BD2026-000001',
    compNo: 'C00001',
    title: '베어링 연간 단가 입찰',
    description: null,
    status: 'OPEN',
    bidStatus: 'INVITED',
    currency: 'KRW',
    openAt: '2026-12-01T01:00:00.000Z',
    closeAt: '2026-12-01T09:00:00.000Z',
    serverTime: '2026-12-01T06:00:00.000Z',
    secondsToClose: 3 * 3600 + 125,
    editable: true,
    revision: 0,
    submittedAt: null,
    submittedTotal: null,
    receipt: null,
    result: null,
    version: 1,
    lines: [
      {
        lineNo: 1,
        itemCode: 'MRO0101-0001',
        itemName: '베어링 6204',
        spec: 'ZZ',
        unitCode: 'EA',
        quantity: '10',
        deliveryDate: '2026-12-20',
        unitPrice: null,
        amount: null,
      },
      {
        lineNo: 2,
        itemCode: null,
        itemName: '비규격 브래킷',
        spec: null,
        unitCode: 'EA',
        quantity: '2.5',
        deliveryDate: null,
        unitPrice: null,
        amount: null,
      },
    ],
    attachments: [],
    ...over,
  };
}

describe('tenderSubmit: my sealed bid', { timeout: 30_000 }, () => {
  it('sends a unit price per line with the version read; the answer shows the receipt', async () => {
    let sent = false;
    const submitted = ownTender({
      bidStatus: 'SUBMITTED',
      revision: 1,
      submittedAt: '2026-12-01T02:00:00.000Z',
      receipt: 'a'.repeat(64),
      version: 2,
    });
    const r = renderScreen('bid.tenderSubmit', {
      entries: screenDefinitions,
      texts: screenTexts,
      portal: 'external',
      login: SUPPLIER_LOGIN,
      route: '/bid/tenderSubmit?tenderNo=BD2026-000001',
      answers: {
        getSupplierTender: () => (sent ? submitted : ownTender()),
        submitBid: () => {
          sent = true;
          return submitted;
        },
      },
    });
    await screen.findByDisplayValue('베어링 연간 단가 입찰');
    await waitFor(() => expect(gridRowTexts().length).toBe(2));
    await editGridCell({ row: 0, field: 'unitPrice' }, '1500');
    await editGridCell({ row: 1, field: 'unitPrice' }, '12000.5');
    fireEvent.click(screen.getByRole('button', { name: '투찰' }));
    await confirmYes();
    await screen.findByText('투찰했습니다. 금액은 개찰 때까지 봉인됩니다.');
    expect(lastCall(r.services.calls, 'submitBid')!.input).toMatchObject({
      path: { tenderNo: 'BD2026-000001' },
      // The grid's numbers; the server's schema coerces them to its exact decimal strings (as for quotations).
      body: {
        version: 1,
        lines: [
          { lineNo: 1, unitPrice: 1500 },
          { lineNo: 2, unitPrice: 12000.5 },
        ],
      },
    });
    expect(await screen.findByDisplayValue('a'.repeat(64))).toBeInTheDocument();
  });

  it('shows the time to the close from the server’s count and the total as prices are typed; after the bid, what was submitted — when, the total, our prices — and nothing left unsaved', async () => {
    let sent = false;
    const submitted = ownTender({
      bidStatus: 'SUBMITTED',
      revision: 1,
      submittedAt: '2026-12-01T02:00:00.000Z',
      submittedTotal: '16942.00',
      receipt: 'c'.repeat(64),
      version: 2,
      lines: [
        {
          lineNo: 1,
          itemCode: 'MRO0101-0001',
          itemName: '베어링 6204',
          spec: 'ZZ',
          unitCode: 'EA',
          quantity: '10',
          deliveryDate: '2026-12-20',
          unitPrice: '1500.00',
          amount: '15000.00',
        },
        {
          lineNo: 2,
          itemCode: null,
          itemName: '비규격 브래킷',
          spec: null,
          unitCode: 'EA',
          quantity: '2.5',
          deliveryDate: null,
          unitPrice: '777.00',
          amount: '1942.00',
        },
      ],
    });
    renderScreen('bid.tenderSubmit', {
      entries: screenDefinitions,
      texts: screenTexts,
      portal: 'external',
      login: SUPPLIER_LOGIN,
      history: ['/left'],
      route: '/bid/tenderSubmit?tenderNo=BD2026-000001',
      answers: {
        getSupplierTender: () => (sent ? submitted : ownTender()),
        submitBid: () => {
          sent = true;
          return submitted;
        },
      },
    });
    await screen.findByDisplayValue('베어링 연간 단가 입찰');
    // The server counted 3 h 2 min 5 s to the close; the browser's clock is not asked.
    expect(screen.getByRole('timer', { name: '마감까지 남은 시간' })).toHaveTextContent(/^03:0[12]:\d\d$/);
    expect(screen.queryByText('제출한 투찰')).toBeNull();
    await waitFor(() => expect(gridRowTexts().length).toBe(2));
    await editGridCell({ row: 0, field: 'unitPrice' }, '1500');
    await editGridCell({ row: 1, field: 'unitPrice' }, '777');
    await waitFor(() => expect(gridRowTexts().join(' ')).toMatch(/1,?500.*777/));
    await screen.findByText(/금액 합계 16,942/);
    fireEvent.click(screen.getByRole('button', { name: '투찰' }));
    await confirmYes();
    await screen.findByDisplayValue('c'.repeat(64));
    // What we submitted, read back: the section, its total, and our prices in the lines.
    expect(screen.getByText('제출한 투찰')).toBeInTheDocument();
    expect(screen.getByLabelText('투찰 합계')).toHaveValue('16,942');
    expect(screen.getByLabelText('투찰일시')).not.toHaveValue('');
    await waitFor(() => expect(gridRowTexts().join(' ')).toMatch(/1,?500.*15,?000/));
    // Leaving asks nothing: there is no unsaved change.
    fireEvent.click(screen.getByRole('button', { name: '목록' }));
    await screen.findByText('left the screen');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('after the close it is read only and offers no bid', async () => {
    renderScreen('bid.tenderSubmit', {
      entries: screenDefinitions,
      texts: screenTexts,
      portal: 'external',
      login: SUPPLIER_LOGIN,
      route: '/bid/tenderSubmit?tenderNo=BD2026-000001',
      answers: {
        getSupplierTender: () =>
          ownTender({
            status: 'CLOSED',
            editable: false,
            bidStatus: 'SUBMITTED',
            revision: 2,
            receipt: 'b'.repeat(64),
          }),
      },
    });
    await screen.findByDisplayValue('베어링 연간 단가 입찰');
    expect(screen.queryByRole('button', { name: '투찰' })).not.toBeInTheDocument();
  });
});

describe('tenderEdit: the lines and the window', { timeout: 60_000 }, () => {
  it('offers the date and time pickers for the window', async () => {
    renderScreen('bid.tenderEdit', {
      entries: screenDefinitions,
      texts: screenTexts,
      route: '/bid/tenderEdit',
      answers: {
        listItems: () => ({
          rows: [
            {
              itemCode: 'MRO0101-0001',
              itemName: '베어링 6204',
              spec: 'ZZ',
              unitCode: 'EA',
              catCode: 'MRO0101',
              catName: '베어링',
              sgCode: null,
              sgName: null,
              useFlag: 'Y',
            },
          ],
          total: 1,
        }),
        listItemCategories: () => ({ rows: [], total: 0 }),
      },
    });
    expect(await screen.findByLabelText('입찰 마감 시각')).toHaveAttribute('type', 'time');
    expect(screen.getAllByRole('button', { name: '달력 열기' }).length).toBeGreaterThanOrEqual(2);
  });

  it('fills a line from the item search, not from a typed code', async () => {
    renderScreen('bid.tenderEdit', {
      entries: screenDefinitions,
      texts: screenTexts,
      route: '/bid/tenderEdit',
      answers: {
        listItems: () => ({
          rows: [
            {
              itemCode: 'MRO0101-0001',
              itemName: '베어링 6204',
              itemNameEn: null,
              spec: 'ZZ',
              catCode: 'MRO0101',
              catName: '베어링',
              sgCode: 'SG01',
              sgName: '기계부품',
              unitCode: 'EA',
              refPrice: '1200.00',
              currency: 'KRW',
              maker: null,
              useYn: 'Y',
              supplierCount: 2,
              version: 1,
            },
          ],
          total: 1,
        }),
        listItemCategories: () => ({ rows: [], total: 0 }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '품목 검색' }));
    const dialog = await screen.findByRole('dialog');
    // One row found: the search chooses it, and the line is filled from the item master.
    fireEvent.click(within(dialog).getByRole('button', { name: '조회' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(gridRowTexts().join(' ')).toMatch(/MRO0101-0001.*베어링 6204.*ZZ.*EA/));
  });
});

describe('tenderEdit: the history', { timeout: 30_000 }, () => {
  it('shows the actions by their names and the job as the system, in Korean and in English', async () => {
    const tender = {
      tenderNo: 'BD2026-000003',
      prNo: null,
      title: '작업 이력 입찰',
      description: null,
      status: 'CLOSED',
      awardRule: 'LOWEST_TOTAL',
      currency: 'KRW',
      openAt: '2026-12-01T01:00:00.000Z',
      closeAt: '2026-12-01T09:00:00.000Z',
      buyerId: 'E000004',
      buyerName: '박구매',
      fileId: null,
      cancelReason: null,
      openedAt: null,
      awardedAt: null,
      version: 2,
      lines: [],
      suppliers: [],
      openings: [],
      orders: [],
      attachments: [],
      actions: [],
      history: [
        { at: '2026-11-30T01:00:00.000Z', action: 'PUBLISH', actor: 'operator', actorName: '박구매', reason: null },
        {
          at: '2026-12-01T01:00:05.000Z',
          action: 'BIDDING_OPEN',
          actor: 'system:job',
          actorName: 'system:job',
          reason: null,
        },
        {
          at: '2026-12-01T09:00:05.000Z',
          action: 'BIDDING_CLOSE',
          actor: 'system:job',
          actorName: 'system:job',
          reason: null,
        },
      ],
    };
    const historyTexts = () =>
      Array.from(document.querySelectorAll('[data-gpms-grid]'))
        .flatMap((_, i) => gridRowTexts(document, i))
        .map((r) => r.join(' '))
        .filter((r) => /2026/.test(r));
    for (const [language, expected] of [
      ['ko', [/공고 박구매/, /입찰 개시 시스템\(자동 작업\)/, /입찰 마감 시스템\(자동 작업\)/]],
      [
        'en',
        [/Published 박구매/, /Bidding opened System \(scheduled job\)/, /Bidding closed System \(scheduled job\)/],
      ],
    ] as const) {
      const r = renderScreen('bid.tenderEdit', {
        entries: screenDefinitions,
        texts: screenTexts,
        language,
        route: '/bid/tenderEdit?tenderNo=BD2026-000003',
        answers: { getTender: () => tender },
      });
      await screen.findByDisplayValue('작업 이력 입찰');
      await waitFor(() => expect(historyTexts()).toHaveLength(3));
      historyTexts().forEach((row, i) => expect(row).toMatch(expected[i]));
      expect(historyTexts().join(' ')).not.toMatch(/BIDDING_|system:job/);
      r.unmount();
    }
  });
});

describe('tenderEdit: 단가계약 작성 from the award', { timeout: 30_000 }, () => {
  const awarded = (actions: string[]) => ({
    tenderNo: 'BD2026-000004',
    prNo: null,
    title: '베어링 연간 입찰',
    description: null,
    status: 'AWARDED',
    awardRule: 'LOWEST_PER_LINE',
    currency: 'KRW',
    openAt: '2026-12-01T01:00:00.000Z',
    closeAt: '2026-12-01T09:00:00.000Z',
    buyerId: 'E000004',
    buyerName: '박구매',
    fileId: null,
    cancelReason: null,
    openedAt: '2026-12-01T09:30:00.000Z',
    awardedAt: '2026-12-01T10:00:00.000Z',
    version: 6,
    lines: [],
    suppliers: [],
    openings: [],
    orders: [
      { compNo: 'C00001', poNo: 'PO2026-000501' },
      { compNo: 'C00002', poNo: 'PO2026-000502' },
    ],
    attachments: [],
    history: [],
    actions,
  });

  it('asks the validity (and, with several winners, which), makes the draft from the award and opens it', async () => {
    const went: string[] = [];
    const { services } = renderScreen('bid.tenderEdit', {
      entries: screenDefinitions,
      texts: screenTexts,
      route: '/bid/tenderEdit?tenderNo=BD2026-000004',
      onLocation: (address) => went.push(address),
      answers: {
        getTender: () => awarded(['agreement']),
        createAgreementFromAward: () =>
          draftAgreementAnswer({
            agreementNo: 'AG2026-000902',
            sourceType: 'TENDER',
            sourceNo: 'BD2026-000004',
            compNo: 'C00002',
            compNameKr: '한빛전자 주식회사',
            title: '베어링 연간 입찰',
            validFrom: '2026-11-20',
            validTo: '2027-11-30',
            lines: [{ itemName: '베어링 6204', unitCode: 'EA', unitPrice: '900.00', agreedQty: '10.000' }],
          }),
      },
    });
    await screen.findByDisplayValue('베어링 연간 입찰');
    fireEvent.click(screen.getByRole('button', { name: '단가계약 작성' }));
    const prompt = await screen.findByRole('dialog', { name: '단가계약 작성' });
    fireEvent.change(within(prompt).getByLabelText(/유효 종료일/), { target: { value: '2027-11-30' } });
    fireEvent.blur(within(prompt).getByLabelText(/유효 종료일/));
    fireEvent.change(within(prompt).getByLabelText(/낙찰 협력사/), { target: { value: 'C00002' } });
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(went.at(-1)).toBe('/AgreementEdit?agreementNo=AG2026-000902'));
    expect(lastCall(services.calls, 'createAgreementFromAward')!.input.body).toEqual({
      sourceType: 'TENDER',
      sourceNo: 'BD2026-000004',
      compNo: 'C00002',
      validFrom: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      validTo: '2027-11-30',
      keepQuantities: true,
    });
  });

  it('not offered unless the server says so (not awarded, or no authority over agreements)', async () => {
    renderScreen('bid.tenderEdit', {
      entries: screenDefinitions,
      texts: screenTexts,
      route: '/bid/tenderEdit?tenderNo=BD2026-000004',
      answers: { getTender: () => awarded([]) },
    });
    await screen.findByDisplayValue('베어링 연간 입찰');
    expect(screen.queryByRole('button', { name: '단가계약 작성' })).not.toBeInTheDocument();
  });
});

describe('tenderEdit: 낙찰 처리 over a WARN budget account', { timeout: 30_000 }, () => {
  const opened = {
    tenderNo: 'BD2026-000005',
    prNo: 'PR2026-000301',
    title: '포장재 입찰',
    description: null,
    status: 'OPENED',
    awardRule: 'LOWEST_TOTAL',
    currency: 'KRW',
    openAt: '2026-12-01T01:00:00.000Z',
    closeAt: '2026-12-01T09:00:00.000Z',
    buyerId: 'E000004',
    buyerName: '박구매',
    fileId: null,
    cancelReason: null,
    openedAt: '2026-12-01T09:30:00.000Z',
    awardedAt: null,
    version: 5,
    lines: [],
    suppliers: [],
    openings: [],
    orders: [],
    attachments: [],
    history: [],
    actions: ['award'],
  };
  const WARN = '예산을 초과합니다. 확인 후 진행하세요: 구매팀(D100) 포장재 2026년 12월 — 가용 0원, 요청 700원';

  /** The tender screen whose award answers BUDGET_WARN_CONFIRM unless the body confirms it. */
  async function awardAsked() {
    let sent = 0;
    const r = renderScreen('bid.tenderEdit', {
      entries: screenDefinitions,
      texts: screenTexts,
      route: '/bid/tenderEdit?tenderNo=BD2026-000005',
      answers: {
        getTender: () => (sent > 0 ? { ...opened, status: 'AWARDED', version: 6, actions: [] } : opened),
        awardTender: (input: OperationInput) => {
          if (!(input.body as Record<string, unknown>).confirmBudgetWarning)
            throw new OperationError(409, 'BUDGET_WARN_CONFIRM', WARN, { accountCode: 'PKG', requested: '700' });
          sent++;
          return { ...opened, status: 'AWARDED', version: 6, actions: [] };
        },
      },
    });
    await screen.findByDisplayValue('포장재 입찰');
    fireEvent.click(screen.getByRole('button', { name: '낙찰 처리' }));
    const prompt = await screen.findByRole('dialog', { name: '낙찰 처리' });
    fireEvent.change(within(prompt).getByLabelText(/납기일/), { target: { value: '2026-12-20' } });
    fireEvent.blur(within(prompt).getByLabelText(/납기일/));
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent(WARN);
    expect(question).toHaveTextContent('그래도 진행하시겠습니까?');
    const awards = () => r.services.calls.filter((c) => c.operation === 'awardTender');
    return { question, prompt, awards };
  }

  it('asks with the server’s message and, confirmed, sends the award again with confirmBudgetWarning', async () => {
    const { question, awards } = await awardAsked();
    fireEvent.click(within(question).getByRole('button', { name: '확인' }));
    await screen.findByText('낙찰 처리했습니다. 발주를 확인하세요.');
    expect(awards().map((c) => c.input.body)).toEqual([
      { version: 5, dueDate: '2026-12-20' },
      { version: 5, dueDate: '2026-12-20', confirmBudgetWarning: true },
    ]);
    expect(awards()[1].input.path).toEqual({ tenderNo: 'BD2026-000005' });
  });

  it('취소 sends nothing more and shows no error; the prompt stays with the date typed', async () => {
    const { question, prompt, awards } = await awardAsked();
    fireEvent.click(within(question).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(awards()).toHaveLength(1);
    expect(prompt).toBeInTheDocument();
    expect(within(prompt).getByLabelText(/납기일/)).toHaveValue('2026-12-20');
    expect(screen.queryByText('낙찰 처리했습니다. 발주를 확인하세요.')).toBeNull();
  });
});

describe('tenderOpen: 개찰 under dual control', { timeout: 30_000 }, () => {
  const row = {
    tenderNo: 'BD2026-000002',
    title: '설비 부품 입찰',
    prNo: null,
    status: 'CLOSED',
    awardRule: 'LOWEST_TOTAL',
    currency: 'KRW',
    openAt: '2026-12-01T01:00:00.000Z',
    closeAt: '2026-12-01T09:00:00.000Z',
    buyerId: 'E000004',
    buyerName: '박구매',
    invitedCount: 2,
    submittedCount: 2,
    confirmations: 1,
    version: 3,
    createdAt: '2026-11-30T01:00:00.000Z',
  };

  const detail = {
    tenderNo: row.tenderNo,
    prNo: null,
    title: row.title,
    description: null,
    status: 'CLOSED',
    awardRule: 'LOWEST_TOTAL',
    currency: 'KRW',
    openAt: row.openAt,
    closeAt: row.closeAt,
    buyerId: 'E000004',
    buyerName: '박구매',
    fileId: null,
    cancelReason: null,
    openedAt: null,
    awardedAt: null,
    version: 4,
    lines: [],
    suppliers: [],
    openings: [{ confirmedBy: 'tfadmin', confirmerName: '김TF', confirmedAt: '2026-12-01T09:10:00.000Z', live: true }],
    orders: [],
    attachments: [],
    history: [],
    actions: [],
  };

  it.each([false, true])(
    'confirms the selected closed tender with its version (refused as the same person twice: %s)',
    async (refuse) => {
      let calls = 0;
      const r = renderScreen('bid.tenderOpen', {
        entries: screenDefinitions,
        texts: screenTexts,
        answers: {
          listTenders: () => ({ rows: [row], total: 1 }),
          confirmTenderOpening: () => {
            calls++;
            if (refuse)
              throw new OperationError(
                409,
                'OPENING_SAME_PERSON',
                '이미 개찰을 확인했습니다. 다른 담당자가 30분 안에 확인해야 개찰됩니다',
              );
            return detail;
          },
        },
      });
      await screen.findByText('총 1건');
      expect(lastCall(r.services.calls, 'listTenders')!.input.query).toMatchObject({
        status: ['OPEN', 'CLOSED', 'OPENED'],
      });
      const button = screen.getByRole('button', { name: '개찰 확인' });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription('개찰할 입찰을 한 건 선택하세요.');
      clickGridRow(0, { x: 5 });
      await waitFor(() => expect(button).toBeEnabled());
      fireEvent.click(button);
      await confirmYes();
      await screen.findByText(
        refuse
          ? /이미 개찰을 확인했습니다/
          : '개찰 확인을 기록했습니다. 다른 담당자 한 명이 30분 안에 확인하면 개찰됩니다.',
      );
      expect(calls).toBe(1);
      expect(lastCall(r.services.calls, 'confirmTenderOpening')!.input).toMatchObject({
        path: { tenderNo: 'BD2026-000002' },
        body: { version: 3 },
      });
    },
  );

  it('says the tender is opened when the second confirmation opens it', async () => {
    renderScreen('bid.tenderOpen', {
      entries: screenDefinitions,
      texts: screenTexts,
      answers: {
        listTenders: () => ({ rows: [row], total: 1 }),
        confirmTenderOpening: () => ({ ...detail, status: 'OPENED', openedAt: '2026-12-01T09:20:00.000Z' }),
      },
    });
    await screen.findByText('총 1건');
    clickGridRow(0, { x: 5 });
    const button = screen.getByRole('button', { name: '개찰 확인' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).not.toHaveAttribute('aria-describedby');
    fireEvent.click(button);
    await confirmYes();
    await screen.findByText('개찰되었습니다. 두 사람의 확인으로 입찰서를 열었습니다.');
    expect(screen.queryByText(/개찰 확인을 기록했습니다/)).toBeNull();
  });

  it.each([
    ['ko', 'OPEN', '입찰 마감 후 확인할 수 있습니다.'],
    ['en', 'OPEN', 'You can confirm after bidding closes.'],
    ['ko', 'OPENED', '이미 개찰된 입찰입니다.'],
  ] as const)('(%s) keeps 개찰 확인 disabled for a %s tender and says why beside it', async (language, status, why) => {
    renderScreen('bid.tenderOpen', {
      entries: screenDefinitions,
      texts: screenTexts,
      language,
      answers: {
        listTenders: () => ({ rows: [{ ...row, status, confirmations: status === 'OPENED' ? 2 : 0 }], total: 1 }),
      },
    });
    await screen.findByText(language === 'ko' ? '총 1건' : /1/);
    clickGridRow(0, { x: 5 });
    await screen.findByText(why);
    const button = screen.getByRole('button', { name: language === 'ko' ? '개찰 확인' : 'Confirm opening' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(why);
  });
});
