import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clickGridRow,
  editGridCell,
  gridHeaderTexts,
  gridRowTexts,
  installGlideJsdom,
} from '../../engine/testing/grid';
import { OperationError, type OperationInput } from '../../engine/services';
import { PR_LOGINS } from './pr-fixtures';
import { renderPrFlow } from './pr-flow';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

type Calls = Array<{ operation: string; input: OperationInput }>;
const lastCall = (calls: Calls, op: string) => [...calls].reverse().find((c) => c.operation === op);
const callsOf = (calls: Calls, op: string) => calls.filter((c) => c.operation === op);

async function confirmYes() {
  const dialog = await screen.findByRole('alertdialog');
  fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
}

describe('prList: purchase requests of my scope', { timeout: 30_000 }, () => {
  it('shows the PRs with code texts, money and the per-currency totals; searches the last three months by request date', async () => {
    const { services } = renderPrFlow('/prList');
    await screen.findByText('총 5건');
    expect(screen.getByRole('heading', { name: '구매요청' })).toBeInTheDocument();
    const query = lastCall(services.calls, 'listPrs')!.input.query!;
    expect(query).toMatchObject({ page: 1, size: 100, sort: 'prNo:desc' });
    expect(query.fromDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(query.toDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await waitFor(() => expect(gridRowTexts().length).toBe(5));
    // The grid exposes the columns on screen (the test grid is narrow): number, date, title, states, requester.
    expect(gridHeaderTexts().slice(0, 6)).toEqual([
      '구매요청번호 ▼',
      '요청일',
      '제목',
      '진행상태',
      '결재상태',
      '요청자',
    ]);
    expect(gridRowTexts()[0].slice(0, 6)).toEqual([
      'PR2026-000105',
      '2026-11-12',
      '동판 외 2건',
      '구매접수',
      '승인',
      '정수빈',
    ]);
    expect(gridRowTexts()[4].slice(0, 6)).toEqual([
      'PR2026-000101',
      '2026-11-18',
      '육각볼트 외 1건',
      '작성중',
      '미상신',
      '정수빈',
    ]);
    // The server's sums per currency over the whole result.
    expect(screen.getByText(/합계/)).toHaveTextContent('합계 JPY 95,000 · KRW 1,777,360');
  });

  it('sends the filters as the query: PR number, title and currency', async () => {
    const { services } = renderPrFlow('/prList');
    await screen.findByText('총 5건');
    fireEvent.change(screen.getByLabelText('통화'), { target: { value: 'KRW' } });
    const no = screen.getByRole('textbox', { name: '구매요청번호' });
    fireEvent.change(no, { target: { value: '00010' } });
    fireEvent.keyDown(no, { key: 'Enter', code: 'Enter' });
    await screen.findByText('총 4건');
    expect(lastCall(services.calls, 'listPrs')!.input.query).toMatchObject({ prNo: '00010', currency: 'KRW' });
    fireEvent.change(screen.getByLabelText('제목'), { target: { value: '회의' } });
    fireEvent.click(screen.getByRole('button', { name: '조회' }));
    await screen.findByText('총 1건');
    expect(lastCall(services.calls, 'listPrs')!.input.query).toMatchObject({
      prNo: '00010',
      title: '회의',
      currency: 'KRW',
    });
  });

  it('a PR number opens /prEdit with that PR; 구매요청 작성 opens an empty one', { timeout: 20_000 }, async () => {
    const { router, services } = renderPrFlow('/prList');
    await screen.findByText('총 5건');
    await waitFor(() => expect(gridRowTexts().length).toBe(5));
    clickGridRow(4, { x: 40 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/prEdit'));
    expect(router.state.location.search).toBe('?prNo=PR2026-000101');
    await screen.findByDisplayValue('육각볼트 외 1건');
    expect(lastCall(services.calls, 'getPr')!.input.path).toEqual({ prNo: 'PR2026-000101' });

    await router.navigate('/prList');
    await screen.findByText('총 5건');
    fireEvent.click(screen.getByRole('button', { name: '구매요청 작성' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/prEdit'));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('heading', { name: '구매요청서' })).toBeInTheDocument();
    expect(screen.getByLabelText(/제목/)).toHaveValue('');
  });

  it('without write authority there is no 구매요청 작성, the Excel export stays', async () => {
    renderPrFlow('/prList', { authority: { read: true, write: false } });
    await screen.findByText('총 5건');
    expect(screen.queryByRole('button', { name: '구매요청 작성' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '엑셀 다운로드' })).toBeEnabled();
  });
});

describe('prEdit: the requester writes, saves and submits a PR', { timeout: 30_000 }, () => {
  it(
    'creates a PR from the header and the item lines; only the lines’ own fields are sent; then it is an update',
    { timeout: 40_000 },
    async () => {
      const { services, fixtures } = renderPrFlow('/prEdit');
      await screen.findByRole('heading', { name: '구매요청서' });
      expect(screen.queryByRole('button', { name: '결재 상신' })).not.toBeInTheDocument();
      await screen.findByRole('button', { name: '행 추가' });
      fireEvent.change(screen.getByLabelText(/제목/), { target: { value: '절삭공구 구매' } });
      fireEvent.change(screen.getByLabelText(/희망 납기일/), { target: { value: '2026-12-31' } });
      fireEvent.blur(screen.getByLabelText(/희망 납기일/));
      fireEvent.change(screen.getByLabelText(/구매 목적/), { target: { value: '공구 교체' } });
      fireEvent.click(screen.getByRole('button', { name: '행 추가' }));
      await waitFor(() => expect(gridRowTexts().length).toBe(1));
      await editGridCell({ row: 0, field: 'itemName' }, '엔드밀 10mm');
      await editGridCell({ row: 0, field: 'unitCode' }, 'EA');
      await editGridCell({ row: 0, field: 'estUnitPrice' }, '32000');
      fireEvent.click(screen.getByRole('button', { name: '저장' }));
      await confirmYes();
      await screen.findByText('저장되었습니다.');
      const body = lastCall(services.calls, 'createPr')!.input.body as Record<string, unknown>;
      expect(body).toMatchObject({
        title: '절삭공구 구매',
        desiredDate: '2026-12-31',
        purpose: '공구 교체',
        currency: 'KRW',
        section: '',
        deptcd: '',
      });
      expect(body.lines).toEqual([
        {
          itemCode: '',
          itemName: '엔드밀 10mm',
          spec: '',
          unitCode: 'EA',
          sgCode: '',
          quantity: '1',
          estUnitPrice: '32000',
          remark: '',
          budgetAccount: '',
          agreementNo: '',
          agreementLineNo: null,
        },
      ]);
      expect(body).not.toHaveProperty('version');
      expect(fixtures.data.prs[0]).toMatchObject({ title: '절삭공구 구매', status: 'DRAFT' });
      // The saved PR: its number, the server's amounts, and the next steps.
      expect(await screen.findByDisplayValue('PR2026-000900')).toHaveAttribute('readonly');
      await waitFor(() => expect(gridRowTexts()[0]).toEqual(expect.arrayContaining(['엔드밀 10mm', '32,000'])));
      expect(screen.getByRole('button', { name: '결재 상신' })).toBeEnabled();
    },
  );

  it(
    'a line from an agreement: the agreement-line popup lists the valid lines and the choice fills the line with the agreement, its line, item and agreed price',
    { timeout: 30_000 },
    async () => {
      const { services } = renderPrFlow('/prEdit', {
        answers: {
          listValidAgreementLines: () => ({
            rows: [
              {
                lineKey: 'AG2026-000007-2',
                agreementNo: 'AG2026-000007',
                compNo: 'C00001',
                compNameKr: '(주)한빛산업',
                title: '브래킷 단가계약',
                currency: 'KRW',
                status: 'ACTIVE',
                validFrom: '2026-01-01',
                validTo: '2026-12-31',
                ceilingAmount: null,
                agreementOrderedAmount: '0.00',
                ceilingPct: null,
                lineNo: 2,
                itemCode: null,
                itemName: '비규격 브래킷',
                unitCode: 'EA',
                unitPrice: '500.00',
                agreedQty: '100.000',
                agreedAmount: '50000.00',
                orderedQty: '40.000',
                orderedAmount: '20000.00',
                remainingQty: '60.000',
                remainingAmount: '30000.00',
                consumedPct: '40.0',
              },
            ],
            total: 1,
          }),
        },
      });
      await screen.findByRole('heading', { name: '구매요청서' });
      fireEvent.click(await screen.findByRole('button', { name: '단가계약 품목' }));
      const dialog = await screen.findByRole('dialog', { name: '단가계약 품목 선택' });
      fireEvent.change(within(dialog).getByLabelText('협력사'), { target: { value: '한빛' } });
      fireEvent.click(within(dialog).getByRole('button', { name: '조회' }));
      await waitFor(() =>
        expect(gridRowTexts(dialog).join(' ')).toMatch(/AG2026-000007.*한빛산업.*비규격 브래킷.*500.*60/),
      );
      expect(lastCall(services.calls, 'listValidAgreementLines')!.input.query).toEqual({ size: 200, compName: '한빛' });
      fireEvent.click(within(dialog).getByRole('button', { name: '선택' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(gridRowTexts().join(' ')).toMatch(/비규격 브래킷.*EA.*500/));
      fireEvent.change(screen.getByLabelText(/제목/), { target: { value: '브래킷 구매' } });
      fireEvent.change(screen.getByLabelText(/희망 납기일/), { target: { value: '2026-12-31' } });
      fireEvent.blur(screen.getByLabelText(/희망 납기일/));
      fireEvent.click(screen.getByRole('button', { name: '저장' }));
      await confirmYes();
      await screen.findByText('저장되었습니다.');
      const body = lastCall(services.calls, 'createPr')!.input.body as { lines: Array<Record<string, unknown>> };
      expect(body.lines).toEqual([
        expect.objectContaining({
          agreementNo: 'AG2026-000007',
          agreementLineNo: 2,
          itemName: '비규격 브래킷',
          unitCode: 'EA',
          estUnitPrice: '500.00',
        }),
      ]);
    },
  );

  it(
    'an item code typed in a line fills it from the item master; an unknown code is said under the grid',
    { timeout: 30_000 },
    async () => {
      const { services } = renderPrFlow('/prEdit');
      await screen.findByRole('heading', { name: '구매요청서' });
      fireEvent.click(await screen.findByRole('button', { name: '행 추가' }));
      await waitFor(() => expect(gridRowTexts().length).toBe(1));
      await editGridCell({ row: 0, field: 'itemCode' }, 'mro0101-0001');
      await waitFor(() =>
        expect(gridRowTexts()[0].slice(1, 5)).toEqual(['mro0101-0001', '육각볼트', 'M4x10 SUS304', 'EA']),
      );
      expect(lastCall(services.calls, 'getPrItem')!.input).toEqual({ path: { itemCode: 'mro0101-0001' } });
      await editGridCell({ row: 0, field: 'itemCode' }, 'NOPE-0001');
      expect(await screen.findByText('등록되지 않았거나 사용하지 않는 품목입니다: NOPE-0001')).toBeInTheDocument();
      // The row keeps what it had besides the code typed.
      await waitFor(() => expect(gridRowTexts()[0].slice(1, 3)).toEqual(['NOPE-0001', '육각볼트']));
    },
  );

  it('the server’s row error lands on its line; nothing is saved', { timeout: 20_000 }, async () => {
    const { services } = renderPrFlow('/prEdit?prNo=PR2026-000101', {
      answers: {
        updatePr: () => {
          throw new OperationError(400, 'VALIDATION', '입력 값을 확인하세요', [
            { path: 'body/lines/1/unitCode', message: '등록되지 않은 단위입니다: XX' },
          ]);
        },
      },
    });
    await screen.findByDisplayValue('육각볼트 외 1건');
    await waitFor(() => expect(gridRowTexts().length).toBe(2));
    fireEvent.change(screen.getByLabelText(/제목/), { target: { value: '육각볼트 외 1건 (수정)' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await confirmYes();
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('입력 값을 확인하세요');
    fireEvent.click(within(alert).getByRole('button', { name: '확인' }));
    expect(await screen.findByText('2행: 단위 — 등록되지 않은 단위입니다: XX')).toBeInTheDocument();
    const body = lastCall(services.calls, 'updatePr')!.input;
    expect(body.path).toEqual({ prNo: 'PR2026-000101' });
    expect(body.body).toMatchObject({ version: 1, title: '육각볼트 외 1건 (수정)', section: 'D1000', deptcd: 'D1220' });
    expect((body.body as { lines: unknown[] }).lines).toHaveLength(2);
  });

  it('shows per saved line the budget account, its policy and what is available before submitting (getPrBudget)', async () => {
    const { services } = renderPrFlow('/prEdit?prNo=PR2026-000101');
    await screen.findByDisplayValue('육각볼트 외 1건');
    await waitFor(() => expect(lastCall(services.calls, 'getPrBudget')?.input.path).toEqual({ prNo: 'PR2026-000101' }));
    // The lines grid first, then the budget grid (a draft has no approval steps to show).
    await waitFor(() => expect(gridRowTexts(document, 1).length).toBe(2));
    expect(gridHeaderTexts(document, 1)).toEqual(
      expect.arrayContaining(['예산계정', '통제', '예산', '가용', '요청 금액(원)']),
    );
    expect(gridRowTexts(document, 1)[0]).toEqual(
      expect.arrayContaining(['1', '소모품', '초과 불가', '2,000,000', '1,500,000']),
    );
  });

  it('over a STOP budget: the line is marked with its shortfall, 결재 상신 asks first with the approval’s message and a way to 예산전용', async () => {
    const warning = '예산을 초과합니다: 구매1팀(D1220) 시험연구 2026년 11월 — 가용 0원, 요청 6,000,000원';
    const { router, services } = renderPrFlow('/prEdit?prNo=PR2026-000101', {
      answers: {
        getPrBudget: () => ({
          prNo: 'PR2026-000101',
          deptcd: 'D1220',
          fiscalYear: 2026,
          month: 11,
          total: 1,
          rows: [
            {
              lineNo: 1,
              itemName: '육각볼트',
              accountCode: 'RND',
              accountName: '시험연구',
              policy: 'STOP',
              controlled: true,
              budget: '0',
              available: '0',
              requested: '6000000',
              exceeds: 'STOP',
              shortfall: '6000000',
              warning,
              nextStep: null,
            },
          ],
        }),
      },
    });
    await screen.findByDisplayValue('육각볼트 외 1건');
    await waitFor(() =>
      expect(gridRowTexts(document, 1)[0]).toEqual(expect.arrayContaining(['시험연구', '6,000,000'])),
    );

    fireEvent.click(screen.getByRole('button', { name: '결재 상신' }));
    let ask = await screen.findByRole('dialog', { name: '결재 상신' });
    expect(ask).toHaveTextContent(warning);
    expect(ask).toHaveTextContent('그래도 결재를 상신하시겠습니까?');
    // The way forward: 예산전용, nothing submitted.
    fireEvent.click(within(ask).getByRole('link', { name: '예산전용 요청으로 가기' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/budget/budgetTransfer'));
    expect(callsOf(services.calls, 'submitPr')).toHaveLength(0);

    await router.navigate('/prEdit?prNo=PR2026-000101');
    await screen.findByDisplayValue('육각볼트 외 1건');
    await waitFor(() => expect(gridRowTexts(document, 1).length).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: '결재 상신' }));
    ask = await screen.findByRole('dialog', { name: '결재 상신' });
    fireEvent.click(within(ask).getByRole('button', { name: '확인' }));
    // The warning stood in for the confirmation: submitted at once, and said so.
    await screen.findByText('결재를 상신했습니다.');
    expect(callsOf(services.calls, 'submitPr')).toHaveLength(1);
  });

  it('a requester who cannot open 예산전용 is told whom to ask, and offered no link to a screen that would refuse them', async () => {
    const nextStep =
      '예산전용은 예산관리 권한이 있는 담당자만 요청할 수 있습니다. 박운영(구매운영팀, 구매운영)에게 시험연구 6,000,000원의 예산전용을 요청하세요.';
    const { services } = renderPrFlow('/prEdit?prNo=PR2026-000101', {
      authority: (route) => (route.startsWith('/budget/') ? null : { read: true, write: true }),
      answers: {
        getPrBudget: () => ({
          prNo: 'PR2026-000101',
          deptcd: 'D1220',
          fiscalYear: 2026,
          month: 11,
          total: 1,
          rows: [
            {
              lineNo: 1,
              itemName: '육각볼트',
              accountCode: 'RND',
              accountName: '시험연구',
              policy: 'STOP',
              controlled: true,
              budget: '0',
              available: '0',
              requested: '6000000',
              exceeds: 'STOP',
              shortfall: '6000000',
              warning: '예산을 초과합니다: 구매1팀(D1220) 시험연구 2026년 11월 — 가용 0원, 요청 6,000,000원',
              nextStep,
            },
          ],
        }),
      },
    });
    await screen.findByDisplayValue('육각볼트 외 1건');
    await waitFor(() => expect(gridRowTexts(document, 1)[0]).toEqual(expect.arrayContaining(['시험연구'])));
    fireEvent.click(screen.getByRole('button', { name: '결재 상신' }));
    const ask = await screen.findByRole('dialog', { name: '결재 상신' });
    expect(ask).toHaveTextContent(nextStep);
    expect(within(ask).queryByRole('link', { name: '예산전용 요청으로 가기' })).toBeNull();
    fireEvent.click(within(ask).getByRole('button', { name: '확인' }));
    await screen.findByText('결재를 상신했습니다.');
    expect(callsOf(services.calls, 'submitPr')).toHaveLength(1);
  });

  it('a stale version is refused with the server’s 409 message', async () => {
    renderPrFlow('/prEdit?prNo=PR2026-000101', {
      answers: {
        updatePr: () => {
          throw new OperationError(
            409,
            'VERSION_CONFLICT',
            '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요',
          );
        },
      },
    });
    await screen.findByDisplayValue('육각볼트 외 1건');
    fireEvent.change(screen.getByLabelText(/구매 목적/), { target: { value: '변경' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await confirmYes();
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('다른 사용자가 먼저 변경했습니다');
  });

  it('submits only what was saved: 결재 상신 waits for the save, then the PR is in approval and read only', async () => {
    const { services } = renderPrFlow('/prEdit?prNo=PR2026-000101');
    await screen.findByDisplayValue('육각볼트 외 1건');
    const submit = screen.getByRole('button', { name: '결재 상신' });
    expect(submit).toBeEnabled();
    fireEvent.change(screen.getByLabelText(/구매 목적/), { target: { value: '바뀐 목적' } });
    await waitFor(() => expect(submit).toBeDisabled());
    fireEvent.change(screen.getByLabelText(/구매 목적/), { target: { value: '생산라인 소모품' } });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    const ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveTextContent('저장된 내용으로 결재를 상신하시겠습니까?');
    fireEvent.click(within(ask).getByRole('button', { name: '확인' }));
    await screen.findByText('결재를 상신했습니다.');
    expect(lastCall(services.calls, 'submitPr')!.input).toMatchObject({
      path: { prNo: 'PR2026-000101' },
      body: { version: 1 },
    });
    // Read again: the new state, the approval round, no more editing.
    await waitFor(() => expect(screen.getByLabelText('진행상태')).toHaveDisplayValue('결재중'));
    expect(callsOf(services.calls, 'getPr')).toHaveLength(2);
    expect(screen.getByLabelText(/제목/)).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: '저장' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '결재 상신' })).not.toBeInTheDocument();
    expect(screen.getByText('결재 진행')).toBeInTheDocument();
  });

  it('cancelling asks for the reason first; without one nothing is sent', async () => {
    const { services } = renderPrFlow('/prEdit?prNo=PR2026-000102');
    await screen.findByDisplayValue('회의테이블');
    expect(screen.queryByRole('button', { name: '승인' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '요청 취소' }));
    const dialog = await screen.findByRole('dialog', { name: '구매요청 취소' });
    fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
    expect(await within(dialog).findByText('필수 입력 항목입니다.')).toBeInTheDocument();
    expect(callsOf(services.calls, 'cancelPr')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/취소 사유/), { target: { value: '예산 보류' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
    await screen.findByText('구매요청을 취소했습니다.');
    expect(lastCall(services.calls, 'cancelPr')!.input).toEqual({
      path: { prNo: 'PR2026-000102' },
      query: undefined,
      body: { version: 2, reason: '예산 보류' },
    });
    await waitFor(() => expect(screen.getByLabelText('진행상태')).toHaveDisplayValue('취소'));
    expect(screen.getByLabelText(/취소 사유/)).toHaveValue('예산 보류');
  });
});

describe('prEdit: the pending approver approves or rejects', { timeout: 30_000 }, () => {
  it('shows the round and the approver’s buttons; a rejection needs a comment and goes to rejectApproval', async () => {
    const { services, fixtures } = renderPrFlow('/prEdit?prNo=PR2026-000102', { login: PR_LOGINS.approver });
    await screen.findByDisplayValue('회의테이블');
    expect(screen.getByLabelText(/제목/)).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: '저장' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '요청 취소' })).not.toBeInTheDocument();
    await waitFor(() => expect(gridRowTexts(document, 1).length).toBe(1));
    expect(gridRowTexts(document, 1)[0].slice(0, 6)).toEqual(['1', '1', '강동현', '부장', '생산1팀', '결재대기']);

    fireEvent.click(screen.getByRole('button', { name: '반려' }));
    const dialog = await screen.findByRole('dialog', { name: '결재 반려' });
    expect(dialog).toHaveTextContent('반려 사유를 입력하세요. 구매요청은 요청자에게 돌아갑니다.');
    fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
    expect(await within(dialog).findByText('필수 입력 항목입니다.')).toBeInTheDocument();
    expect(callsOf(services.calls, 'rejectApproval')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/반려 사유/), { target: { value: '  수량 재확인 바랍니다  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
    await screen.findByText('반려했습니다.');
    expect(lastCall(services.calls, 'rejectApproval')!.input).toEqual({
      path: { approvalId: 501 },
      query: undefined,
      body: { version: 1, comment: '수량 재확인 바랍니다' },
    });
    expect(fixtures.data.prs.find((p) => p.prNo === 'PR2026-000102')!.status).toBe('REJECTED');
    await waitFor(() => expect(screen.getByLabelText('진행상태')).toHaveDisplayValue('반려'));
    expect(screen.queryByRole('button', { name: '승인' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(gridRowTexts(document, 1)[0]).toEqual(expect.arrayContaining(['반려', '수량 재확인 바랍니다'])),
    );
  });

  it('an approver is shown the budget’s shortfall and the next step before the comment prompt', async () => {
    const warning = '예산을 초과합니다: 구매1팀(D1220) 시험연구 2026년 11월 — 가용 0원, 요청 6,000,000원';
    const nextStep =
      '예산전용은 예산관리 권한이 있는 담당자만 요청할 수 있습니다. 박운영(구매운영팀, 구매운영)에게 시험연구 6,000,000원의 예산전용을 요청하세요.';
    const { services } = renderPrFlow('/prEdit?prNo=PR2026-000102', {
      login: PR_LOGINS.approver,
      answers: {
        getPrBudget: () => ({
          prNo: 'PR2026-000102',
          deptcd: 'D1220',
          fiscalYear: 2026,
          month: 11,
          total: 1,
          rows: [
            {
              lineNo: 1,
              itemName: '회의테이블',
              accountCode: 'RND',
              accountName: '시험연구',
              policy: 'STOP',
              controlled: true,
              budget: '0',
              available: '0',
              requested: '6000000',
              exceeds: 'STOP',
              shortfall: '6000000',
              warning,
              nextStep,
            },
          ],
        }),
      },
    });
    await screen.findByDisplayValue('회의테이블');
    await waitFor(() => expect(callsOf(services.calls, 'getPrBudget').length).toBeGreaterThan(0));
    await waitFor(() => expect(document.body.textContent).toContain('6,000,000'));
    fireEvent.click(screen.getByRole('button', { name: '승인' }));
    const warned = await screen.findByRole('dialog', { name: '승인' });
    expect(warned).toHaveTextContent('이 구매요청은 예산이 부족합니다');
    expect(warned).toHaveTextContent(warning);
    expect(warned).toHaveTextContent(nextStep);
    fireEvent.click(within(warned).getByRole('button', { name: '확인' }));
    const prompt = await screen.findByRole('dialog', { name: '결재 승인' });
    fireEvent.click(within(prompt).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(callsOf(services.calls, 'approveApproval')).toHaveLength(1));
  });

  it('approves with an optional comment; the server’s refusal is shown as it says it', async () => {
    const { services } = renderPrFlow('/prEdit?prNo=PR2026-000102', {
      login: PR_LOGINS.approver,
      answers: {
        approveApproval: () => {
          throw new OperationError(403, 'NOT_ALLOWED', '현재 결재 차례인 결재자만 승인하거나 반려할 수 있습니다');
        },
      },
    });
    await screen.findByDisplayValue('회의테이블');
    fireEvent.click(screen.getByRole('button', { name: '승인' }));
    const dialog = await screen.findByRole('dialog', { name: '결재 승인' });
    fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      '현재 결재 차례인 결재자만 승인하거나 반려할 수 있습니다',
    );
    expect(lastCall(services.calls, 'approveApproval')!.input).toMatchObject({
      path: { approvalId: 501 },
      body: { version: 1, comment: '' },
    });
  });
});
