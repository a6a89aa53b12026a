import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BYTES_PER_MB } from '../../lib/file-size';
import { WIDGET_TEXTS_KO } from '../i18n';
import { createFixtureServices, FIXTURE_FILE_GROUP_ID } from '../testing/fixture-services';
import { renderWidget } from '../testing/render';
import { FileUpload, refuseFiles } from './file-upload';

/** A File that reports `size` bytes without allocating them. */
function fakeFile(name: string, size: number, type = ''): File {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

function drop(files: File[]) {
  fireEvent.drop(screen.getByTestId('file-drop-zone'), { dataTransfer: { files, types: ['Files'] } });
}

const t = (key: keyof typeof WIDGET_TEXTS_KO, vars: Record<string, string | number> = {}) =>
  WIDGET_TEXTS_KO[key].replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k]));

describe('refuseFiles (spec §5: 10 MB of 1048576 bytes by default; spreadsheets only in Excel mode)', () => {
  it('accepts exactly the limit and refuses one byte more', () => {
    expect(refuseFiles([fakeFile('a.pdf', 10 * BYTES_PER_MB)], 10, 'any', t)).toEqual([]);
    expect(refuseFiles([fakeFile('a.pdf', 10 * BYTES_PER_MB + 1)], 10, 'any', t)).toEqual([
      '파일 크기는 10MB를 넘을 수 없습니다: a.pdf (10 MB)',
    ]);
  });
  it('refuses what is not .xlsx/.xls in spreadsheet mode', () => {
    expect(refuseFiles([fakeFile('단가표.csv', 100)], 10, 'spreadsheet', t)).toEqual([
      '엑셀 파일(.xlsx, .xls)만 올릴 수 있습니다: 단가표.csv',
    ]);
    expect(refuseFiles([fakeFile('단가표.xlsx', 100), fakeFile('old.XLS', 100)], 10, 'spreadsheet', t)).toEqual([]);
  });
});

describe('FileUpload', () => {
  it('refuses a file over the limit with a Korean message and uploads nothing', async () => {
    const services = createFixtureServices();
    const uploadFiles = vi.spyOn(services, 'uploadFiles');
    renderWidget(<FileUpload />, { services });
    drop([fakeFile('도면.pdf', 12 * BYTES_PER_MB)]);
    expect(await screen.findByRole('alert')).toHaveTextContent('파일 크기는 10MB를 넘을 수 없습니다: 도면.pdf (12 MB)');
    expect(uploadFiles).not.toHaveBeenCalled();
  });

  it("uses the server's limit (services.uploadLimitMb)", async () => {
    const services = createFixtureServices({ uploadLimitMb: 5 });
    const uploadFiles = vi.spyOn(services, 'uploadFiles');
    renderWidget(<FileUpload />, { services });
    expect(screen.getByText('파일당 최대 5MB')).toBeInTheDocument();
    drop([fakeFile('사진.jpg', 6 * BYTES_PER_MB)]);
    expect(await screen.findByRole('alert')).toHaveTextContent('5MB');
    expect(uploadFiles).not.toHaveBeenCalled();
  });

  it('uploads through 파일 선택, reports the new group and lists it with download links', async () => {
    const services = createFixtureServices();
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWidget(<FileUpload onChange={onChange} />, { services });
    await user.upload(screen.getByTestId('file-input'), [
      new File(['견적'], '견적서.pdf', { type: 'application/pdf' }),
    ]);
    const list = await screen.findByRole('list', { name: '첨부파일 목록' });
    const link = within(list).getByRole('link', { name: '견적서.pdf' });
    expect(link).toHaveAttribute('href', '/api/v1/cmmn/file/F-NEW-0001/1/wsdownload');
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ fileId: 'F-NEW-0001' }));
  });

  it('spreadsheet mode refuses other files before uploading and accepts .xlsx', async () => {
    const services = createFixtureServices();
    const uploadFiles = vi.spyOn(services, 'uploadFiles');
    renderWidget(<FileUpload kind="spreadsheet" />, { services });
    expect(screen.getByTestId('file-input')).toHaveAttribute('accept', '.xlsx,.xls');
    drop([fakeFile('품목.csv', 100, 'text/csv')]);
    expect(await screen.findByRole('alert')).toHaveTextContent('엑셀 파일(.xlsx, .xls)만 올릴 수 있습니다: 품목.csv');
    expect(uploadFiles).not.toHaveBeenCalled();
    drop([fakeFile('품목.xlsx', 100, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')]);
    await waitFor(() => expect(uploadFiles).toHaveBeenCalledTimes(1));
    expect(uploadFiles.mock.calls[0][1]).toMatchObject({ kind: 'spreadsheet' });
  });

  it('shows progress and cancels through the AbortSignal', async () => {
    const services = createFixtureServices({ uploadStepMs: 200 });
    const uploadFiles = vi.spyOn(services, 'uploadFiles');
    const user = userEvent.setup();
    renderWidget(<FileUpload />, { services });
    drop([fakeFile('대용량.zip', 3 * BYTES_PER_MB)]);
    const bar = await screen.findByRole('progressbar');
    await waitFor(() => expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(25));
    await user.click(screen.getByRole('button', { name: '취소' }));
    expect(await screen.findByRole('status')).toHaveTextContent('업로드를 취소했습니다.');
    expect(uploadFiles.mock.calls[0][1].signal?.aborted).toBe(true);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it("shows a failed upload's server message", async () => {
    renderWidget(<FileUpload />, {
      services: createFixtureServices({ failures: { uploadFiles: '파일 크기는 10MB를 넘을 수 없습니다' } }),
    });
    drop([fakeFile('a.pdf', 100)]);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '업로드하지 못했습니다: 파일 크기는 10MB를 넘을 수 없습니다',
    );
  });

  it("lists an existing group's files with download links, and deletes after confirming", async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWidget(<FileUpload fileId={FIXTURE_FILE_GROUP_ID} onChange={onChange} />);
    const list = await screen.findByRole('list', { name: '첨부파일 목록' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['견적서_한빛정밀_2024.pdf', '품목사양서.xlsx']);
    expect(screen.getByRole('link', { name: '전체 내려받기' })).toHaveAttribute(
      'href',
      `/api/v1/cmmn/file/${FIXTURE_FILE_GROUP_ID}/download`,
    );
    await user.click(within(list).getByRole('button', { name: '품목사양서.xlsx 삭제' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('품목사양서.xlsx 파일을 삭제하시겠습니까?');
    await user.click(within(confirm).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(1));
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ files: [expect.objectContaining({ seq: 1 })] }));
  });

  it('downloads through the services (the login header) on a click, and shows a failed download', async () => {
    const user = userEvent.setup();
    const services = createFixtureServices();
    const download = vi.spyOn(services, 'downloadFile');
    renderWidget(<FileUpload fileId={FIXTURE_FILE_GROUP_ID} readOnly />, { services });
    const list = await screen.findByRole('list', { name: '첨부파일 목록' });
    await user.click(within(list).getByRole('link', { name: '품목사양서.xlsx' }));
    expect(download).toHaveBeenCalledWith(FIXTURE_FILE_GROUP_ID, 2, '품목사양서.xlsx');
    await user.click(screen.getByRole('link', { name: '전체 내려받기' }));
    expect(download).toHaveBeenLastCalledWith(FIXTURE_FILE_GROUP_ID, undefined, undefined);
    download.mockRejectedValueOnce(
      Object.assign(new Error('x'), {
        name: 'ServiceError',
        status: 404,
        code: 'FILE_NOT_FOUND',
        serverMessage: '파일이 없습니다',
      }),
    );
    await user.click(within(list).getByRole('link', { name: '견적서_한빛정밀_2024.pdf' }));
    expect(await screen.findByText(/내려받지 못했습니다: 파일이 없습니다/)).toBeInTheDocument();
  });

  it('read-only mode shows only the list', async () => {
    renderWidget(<FileUpload fileId={FIXTURE_FILE_GROUP_ID} readOnly />);
    await screen.findByRole('list', { name: '첨부파일 목록' });
    expect(screen.queryByTestId('file-drop-zone')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('read-only mode with no files says so', () => {
    renderWidget(<FileUpload readOnly />);
    expect(screen.getByText('첨부파일이 없습니다.')).toBeInTheDocument();
  });
});
