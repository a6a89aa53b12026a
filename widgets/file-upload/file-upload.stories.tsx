import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fireEvent, waitFor } from 'storybook/test';
import { BYTES_PER_MB } from '../../lib/file-size';
import { FIXTURE_FILE_GROUP_ID } from '../testing/fixture-services';
import { withWidgets } from '../testing/story-decorators';
import { FileUpload, type FileUploadProps } from './file-upload';

function Demo(props: Partial<FileUploadProps>) {
  const [fileId, setFileId] = useState(props.fileId ?? null);
  return (
    <div style={{ maxWidth: 560, display: 'grid', gap: 8 }}>
      <FileUpload {...props} fileId={fileId} onChange={(g) => setFileId(g.fileId)} />
      <code style={{ fontSize: 12, color: '#5b6778' }}>fileId: {JSON.stringify(fileId)}</code>
    </div>
  );
}

/** A real file of `size` bytes (the browser allocates them; 12 MB is fine). */
function fakeFile(name: string, size: number, type: string): File {
  return new File([new Uint8Array(size)], name, { type });
}

/**
 * A drop of `files` on the zone. A browser builds a DragEvent only with a real DataTransfer (a plain
 * object is refused, and testing-library's fireEvent copies a DataTransfer's own properties — none —
 * into a new empty one), so there the event is built and dispatched as the browser would; jsdom has
 * no DataTransfer and takes the plain object as the event's property.
 */
function drop(zone: HTMLElement, files: File[]) {
  if (typeof DataTransfer === 'function' && typeof DragEvent === 'function') {
    const dataTransfer = new DataTransfer();
    for (const file of files) dataTransfer.items.add(file);
    zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer }));
  } else {
    fireEvent.drop(zone, { dataTransfer: { files, types: ['Files'] } });
  }
}

const meta = {
  title: 'Widgets/FileUpload',
  decorators: [withWidgets],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Attachments of a document: the group's files with download links, 삭제, and upload with progress. */
export const Attachments: Story = {
  render: () => <Demo fileId={FIXTURE_FILE_GROUP_ID} />,
};

/** A file over 10 MB (1 MB = 1048576 bytes) is refused before anything is sent. */
export const TooLarge: Story = {
  render: () => <Demo />,
  play: async ({ canvas }) => {
    drop(canvas.getByTestId('file-drop-zone'), [fakeFile('설비도면_전체.pdf', 12 * BYTES_PER_MB, 'application/pdf')]);
    await waitFor(() =>
      expect(canvas.getByRole('alert')).toHaveTextContent(
        '파일 크기는 10MB를 넘을 수 없습니다: 설비도면_전체.pdf (12 MB)',
      ),
    );
  },
};

/** Excel upload: only .xlsx / .xls. */
export const SpreadsheetOnly: Story = {
  render: () => <Demo kind="spreadsheet" />,
  play: async ({ canvas }) => {
    drop(canvas.getByTestId('file-drop-zone'), [fakeFile('품목일괄등록.csv', 2048, 'text/csv')]);
    await waitFor(() =>
      expect(canvas.getByRole('alert')).toHaveTextContent(
        '엑셀 파일(.xlsx, .xls)만 올릴 수 있습니다: 품목일괄등록.csv',
      ),
    );
    drop(canvas.getByTestId('file-drop-zone'), [
      fakeFile('품목일괄등록.xlsx', 2048, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    ]);
    await waitFor(() => expect(canvas.getByRole('link', { name: '품목일괄등록.xlsx' })).toBeInTheDocument());
  },
};

/** Read-only: the list and its download links only. */
export const ReadOnly: Story = {
  render: () => <Demo fileId={FIXTURE_FILE_GROUP_ID} readOnly />,
};
