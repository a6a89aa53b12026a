import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../engine/testing/screen-harness';
import { screenDefinitions, screenTexts } from '../../../screens';
import { PO_FIXTURE_CODES, createPoFixtures } from '../../../screens/purchase-order/po-fixtures';
import PoTestPage from './poTestPage.custom';

const open = (route = '/') => {
  const fixtures = createPoFixtures();
  return renderScreen('purchaseOrder.testPo', {
    entries: screenDefinitions,
    texts: screenTexts,
    answers: fixtures.answers,
    codes: PO_FIXTURE_CODES,
    route,
    customComponents: { poTestPage: PoTestPage },
  });
};

const section = async (name: RegExp) => screen.findByRole('region', { name });

describe('/testPo: the PO test page (development only)', () => {
  it('is a development page: mounted on /testPo in development (vitest), with a title', async () => {
    const def = screenDefinitions.find((d) => (d.definition as { id?: string }).id === 'purchaseOrder.testPo')!
      .definition as { route?: string; kind: string };
    expect(def).toMatchObject({ kind: 'custom', route: '/testPo' });
    open();
    expect(await screen.findByRole('heading', { name: '발주 테스트' })).toBeInTheDocument();
    expect(screen.getByText(/개발 환경에서만 열리는 발주 시험 화면입니다/)).toBeInTheDocument();
  });

  it('looks up FORWARD_YN with getForwardYn and shows the approval message each company would get', async () => {
    const { services } = open();
    const panel = await section(/FORWARD_YN/);
    fireEvent.click(within(panel).getByRole('button', { name: '실행' }));
    const rows = await within(panel).findAllByRole('row');
    expect(services.calls.find((c) => c.operation === 'getForwardYn')!.input.body).toEqual({
      params: ['C00001', 'C00002'],
    });
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'C00001',
      '(주)한빛정밀',
      '124-81-00001',
      'Y',
      '승인하면 발주서가 협력사로 자동 전송됩니다. 승인하시겠습니까?',
    ]);
    expect(within(rows[2]).getAllByRole('cell')[4]).toHaveTextContent('이 협력사는 발주서 자동 전송 대상이 아닙니다');
    fireEvent.change(within(panel).getByLabelText(/업체코드/), { target: { value: 'C09999' } });
    fireEvent.click(within(panel).getByRole('button', { name: '실행' }));
    expect(await within(panel).findByText('해당하는 업체가 없습니다.')).toBeInTheDocument();
  });

  it('reads one order as the server answers it, or shows the refusal', async () => {
    const { services } = open('/?poNo=PO2026-000302');
    const panel = await section(/발주 조회/);
    expect(within(panel).getByLabelText('발주번호')).toHaveValue('PO2026-000302');
    fireEvent.click(within(panel).getByRole('button', { name: '실행' }));
    expect(await within(panel).findByText('결재중')).toBeInTheDocument();
    expect(within(panel).getByText('cancel, approve, reject')).toBeInTheDocument();
    expect(within(panel).getByText('#71 v1 · 박성호')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'PO2026-000302' })).toHaveAttribute(
      'href',
      '/OrderRequestEdit?poNo=PO2026-000302',
    );
    expect(services.calls.find((c) => c.operation === 'getPo')!.input.path).toEqual({ poNo: 'PO2026-000302' });
    fireEvent.change(within(panel).getByLabelText('발주번호'), { target: { value: 'PO2099-000001' } });
    fireEvent.click(within(panel).getByRole('button', { name: '실행' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('404 PO_NOT_FOUND: 발주를 찾을 수 없습니다');
  });

  it('checks an amount against the simple-order limit (JPY converted at the rate per 100 yen)', async () => {
    const { services } = open();
    const panel = await section(/소액발주 한도 확인/);
    fireEvent.click(within(panel).getByRole('button', { name: '실행' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent(
      '원화 4,500,000원: 한도 5,000,000원 미만이므로 소액발주로 처리할 수 있습니다.',
    );
    expect(services.calls.some((c) => c.operation === 'getSimpleOrderLimit')).toBe(true);
    fireEvent.change(within(panel).getByLabelText('금액'), { target: { value: '600000' } });
    fireEvent.change(within(panel).getByLabelText('통화'), { target: { value: 'JPY' } });
    fireEvent.click(within(panel).getByRole('button', { name: '실행' }));
    expect(await within(panel).findByText(/원화 5,400,000원: 한도 5,000,000원 이상이므로/)).toBeInTheDocument();
    fireEvent.change(within(panel).getByLabelText('금액'), { target: { value: '12만' } });
    fireEvent.click(within(panel).getByRole('button', { name: '실행' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('금액은 숫자로 입력하세요.');
  });
});
