import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OperationError } from '../../../engine';
import { createWidgetTestI18n } from '../../../widgets/testing/test-i18n';
import { fakeSettlementFiles, SettlementFilesHarness, type FakeFiles } from './settlement-files.fixture';

function open(id: string, route: string, files: FakeFiles, portal: 'internal' | 'external' = 'internal') {
  return render(
    <I18nextProvider i18n={createWidgetTestI18n('ko')}>
      <SettlementFilesHarness id={id} files={files} route={route} engine={{ portal }} />
    </I18nextProvider>,
  );
}

let saved: Array<{ name: string }>;
beforeEach(() => {
  saved = [];
  // The browser's download: an anchor with a blob URL, clicked.
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:statement');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('settlementStatement: the printable transaction statement', () => {
  it('shows the server’s print page for the settlement in a frame; 인쇄 prints the frame alone', async () => {
    const files = fakeSettlementFiles();
    open('settlement.statementPrint', '/?settleNo=ST2026-000104', files);
    const frame = (await screen.findByTitle('거래명세서 ST2026-000104')) as HTMLIFrameElement;
    expect(files.requests).toEqual([{ what: 'html', args: ['ST2026-000104', 'internal'] }]);
    expect(frame.getAttribute('srcdoc')).toContain('정산번호 ST2026-000104');
    // The page's own "press Ctrl+P" hint gives way to the screen's buttons.
    expect(frame.getAttribute('srcdoc')).toContain('<style>.screen-only{display:none}</style></head>');
    // Scripts never run inside it.
    expect(frame.getAttribute('sandbox')).toBe('allow-same-origin allow-modals');
    const print = vi.fn();
    Object.defineProperty(frame, 'contentWindow', { value: { focus: vi.fn(), print }, configurable: true });
    fireEvent.click(screen.getByRole('button', { name: '인쇄' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('saves the PDF under the server’s file name', async () => {
    const files = fakeSettlementFiles();
    open('settlement.statementPrint', '/?settleNo=ST2026-000104', files);
    await screen.findByTitle('거래명세서 ST2026-000104');
    fireEvent.click(screen.getByRole('button', { name: 'PDF 저장' }));
    await screen.findByText('PDF를 저장했습니다.');
    expect(files.requests.at(-1)).toEqual({ what: 'pdf', args: ['ST2026-000104', 'internal'] });
    expect(saved).toEqual([{ name: '거래명세서_ST2026-000104.pdf' }]);
  });

  it('a supplier’s statement comes from its own operation; another company’s answers the server’s 404', async () => {
    const files = fakeSettlementFiles({
      refuse: { html: new OperationError(404, 'SETTLEMENT_NOT_FOUND', '정산을 찾을 수 없습니다') },
    });
    open('settlement.myStatementPrint', '/?settleNo=ST2026-000999', files, 'external');
    expect(await screen.findByRole('alert')).toHaveTextContent('정산을 찾을 수 없습니다');
    expect(files.requests).toEqual([{ what: 'html', args: ['ST2026-000999', 'external'] }]);
    expect(screen.queryByRole('button', { name: '인쇄' })).not.toBeInTheDocument();
  });

  it('a PDF the server refuses is explained in an alert', async () => {
    const files = fakeSettlementFiles({ refuse: { pdf: new OperationError(403, 'GPMS006', '접근 권한이 없습니다') } });
    open('settlement.statementPrint', '/?settleNo=ST2026-000104', files);
    await screen.findByTitle('거래명세서 ST2026-000104');
    fireEvent.click(screen.getByRole('button', { name: 'PDF 저장' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('접근 권한이 없습니다');
    fireEvent.click(within(alert).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'PDF 저장' })).toBeEnabled());
    expect(saved).toEqual([]);
  });
});
