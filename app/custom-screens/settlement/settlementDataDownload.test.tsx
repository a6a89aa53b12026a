import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWidgetTestI18n } from '../../../widgets/testing/test-i18n';
import { cleanQuery, dispositionFileName } from './settlement-files';
import { fakeSettlementFiles, SettlementFilesHarness, tooLarge, type FakeFiles } from './settlement-files.fixture';

function open(files: FakeFiles) {
  return render(
    <I18nextProvider i18n={createWidgetTestI18n('ko')}>
      <SettlementFilesHarness id="settlement.dataDownload" files={files} route="/dataDownload" />
    </I18nextProvider>,
  );
}

let saved: string[];
beforeEach(() => {
  saved = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:extract');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('settlementDataDownload: bulk extracts the server writes', () => {
  it('receipts: the warehousing filter goes as the query; the file is saved and its row count shown', async () => {
    const files = fakeSettlementFiles();
    open(files);
    const receipts = (await screen.findByRole('heading', { name: '입고 내역' })).closest('section')!;
    await userEvent.type(within(receipts).getByLabelText('발주번호'), 'PO2026-0001');
    fireEvent.click(within(receipts).getByRole('button', { name: '엑셀 다운로드' }));
    expect(
      await within(receipts).findByText('1,234건을 내려받았습니다 (입고내역_2026-11-22.xlsx).'),
    ).toBeInTheDocument();
    expect(saved).toEqual(['입고내역_2026-11-22.xlsx']);
    const [query] = files.requests[0].args as [Record<string, unknown>];
    expect(files.requests[0].what).toBe('receipts');
    expect(query).toMatchObject({ status: ['DECIDED'], poNo: 'PO2026-0001', whReqDates: undefined });
    // The last month of final decisions, as [from, to].
    expect(query.lastDeciDates).toEqual([
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    ]);
  });

  it('settlements: months, supplier, state and level; per settlement on request', async () => {
    const files = fakeSettlementFiles();
    open(files);
    const section = (await screen.findByRole('heading', { name: '월정산 내역' })).closest('section')!;
    fireEvent.change(within(section).getByLabelText('자료 단위'), { target: { value: 'header' } });
    fireEvent.click(within(section).getByRole('button', { name: '엑셀 다운로드' }));
    expect(await within(section).findByText('87건을 내려받았습니다 (월정산내역_2026-11-22.xlsx).')).toBeInTheDocument();
    const [query] = files.requests[0].args as [Record<string, unknown>];
    expect(files.requests[0].what).toBe('settlements');
    expect(query).toMatchObject({ level: 'header', compNo: '', status: [] });
    expect(query.periods).toEqual([expect.stringMatching(/^\d{4}01$/), expect.stringMatching(/^\d{6}$/)]);
  });

  it('an extract over the limit is refused with the server’s count; nothing is saved', async () => {
    const files = fakeSettlementFiles({ refuse: { settlements: tooLarge() } });
    open(files);
    const section = (await screen.findByRole('heading', { name: '월정산 내역' })).closest('section')!;
    fireEvent.click(within(section).getByRole('button', { name: '엑셀 다운로드' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      '추출 대상이 123,456건으로 한도(100,000건)를 넘습니다',
    );
    expect(saved).toEqual([]);
  });
});

describe('settlement-files helpers', () => {
  it('reads the Korean file name of Content-Disposition first, then the plain one', () => {
    expect(
      dispositionFileName(
        `attachment; filename="receipts-2026-11-22.xlsx"; filename*=UTF-8''${encodeURIComponent('입고내역_2026-11-22.xlsx')}`,
      ),
    ).toBe('입고내역_2026-11-22.xlsx');
    expect(dispositionFileName('inline; filename="statement-ST2026-000104.pdf"')).toBe('statement-ST2026-000104.pdf');
    expect(dispositionFileName(null)).toBeNull();
  });
  it('leaves blank values and empty lists out of the query', () => {
    expect(
      cleanQuery({
        compNo: '',
        poNo: ' PO1 ',
        status: [],
        periods: ['', ''],
        dates: ['2026-01-01', ''],
        level: undefined,
      }),
    ).toEqual({ poNo: 'PO1', dates: ['2026-01-01', ''] });
  });
});
