import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_FILE_GROUP_ID } from '../../widgets/testing/fixture-services';
import { OperationError } from '../services';
import type { FixtureHandler } from '../testing/fixture-engine-services';
import { installGlideJsdom } from '../testing/grid';
import { renderScreen } from '../testing/screen-harness';
import { messageRow } from '../testing/contract-rows';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

/** A document with a workflow step: its state and version change on the server. */
function documentScreen(answers: Record<string, FixtureHandler>) {
  return renderScreen('test.doc', {
    entries: [
      {
        file: 'screens/test/doc.screen.json',
        definition: {
          id: 'test.doc',
          kind: 'edit',
          route: '/test/doc',
          title: '문서',
          key: ['msgKey'],
          load: { operation: 'getMessage' },
          readOnly: true,
          sections: [
            {
              fields: [
                { field: 'textKo', label: '상태' },
                { field: 'updatedAt', label: '변경일시', widget: 'datetime' },
                { field: 'files', label: '첨부 목록', widget: 'files' },
                { field: 'fileId', label: '내 첨부', widget: 'files' },
                { field: 'amount', label: '금액', widget: 'money' },
              ],
            },
          ],
          actions: [
            {
              kind: 'workflow',
              id: 'confirm',
              label: '확인',
              operation: 'updateMessage',
              visible: "form.textKo == '전송'",
              params: { path: { msgKey: 'form.msgKey' }, body: { version: 'form.version' } },
              then: ['reloadRecord'],
            },
          ],
        },
      },
    ],
    answers,
    // TODO: a made-up record (files, fileId, amount) under getMessage's id; answer an operation whose record has these fields.
    uncheckedAnswers: {
      getMessage: 'engine test: a made-up record with files, fileId and amount',
      updateMessage: 'engine test: the step answers a made-up acknowledgement',
    },
    route: '/?msgKey=a',
  });
}

describe('edit screens: the reloadRecord effect and the datetime, money and files widgets', () => {
  it('after a workflow step the record is read again: new state, new version, the step gone', async () => {
    let state = {
      msgKey: 'a',
      textKo: '전송',
      updatedAt: '2026-03-02T01:05:00.000Z',
      files: [],
      fileId: null as string | null,
      version: 3,
    };
    const { services } = documentScreen({
      getMessage: () => state,
      updateMessage: () => {
        state = { ...state, textKo: '확인', version: 4 };
        return { ok: true };
      },
    });
    await screen.findByDisplayValue('전송');
    fireEvent.click(screen.getByRole('button', { name: '확인' }));
    await screen.findByDisplayValue('확인');
    expect(services.calls.find((c) => c.operation === 'updateMessage')!.input).toMatchObject({
      path: { msgKey: 'a' },
      body: { version: 3 },
    });
    expect(services.calls.filter((c) => c.operation === 'getMessage')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: '확인' })).not.toBeInTheDocument();
  });

  it('a failed re-read is shown and the record stays', async () => {
    let reads = 0;
    documentScreen({
      getMessage: () => {
        reads++;
        if (reads > 1) throw new OperationError(404, 'NOT_FOUND', '문서가 없습니다');
        return { msgKey: 'a', textKo: '전송', updatedAt: null, files: [], fileId: null, version: 1 };
      },
      updateMessage: () => ({ ok: true }),
    });
    await screen.findByDisplayValue('전송');
    fireEvent.click(screen.getByRole('button', { name: '확인' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('문서가 없습니다');
    fireEvent.click(within(alert).getByRole('button', { name: '확인' }));
    expect(screen.getByDisplayValue('전송')).toBeInTheDocument();
  });

  it('datetime shows a timestamp on the business clock (KST, whatever the runtime zone); money an amount in whole units; files shows a record’s attachment list with download links', async () => {
    const at = '2026-03-02T01:05:00.000Z';
    const local = '2026-03-02 10:05';
    documentScreen({
      getMessage: () => ({
        msgKey: 'a',
        textKo: '확인',
        updatedAt: at,
        files: [{ fileId: FIXTURE_FILE_GROUP_ID, seq: 1, originalName: 'x', sizeBytes: 1, mimeType: 'a/b' }],
        fileId: null,
        amount: '1363340.00',
        version: 1,
      }),
    });
    await screen.findByDisplayValue('확인');
    expect(screen.getByLabelText('변경일시')).toHaveValue(local);
    expect(screen.getByLabelText('변경일시')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('금액')).toHaveValue('1,363,340');
    expect(screen.getByLabelText('금액')).toHaveAttribute('readonly');
    expect(await screen.findByText('견적서_한빛정밀_2024.pdf')).toBeInTheDocument();
    expect(screen.getByText('첨부 목록')).toBeInTheDocument();
    // An empty group id shows that there are no files, and no upload in a read-only form.
    await waitFor(() => expect(screen.getAllByText('첨부파일이 없습니다.').length).toBeGreaterThan(0));
    expect(screen.queryByText('파일 선택')).not.toBeInTheDocument();
  });
});

describe('edit screens: a link to the same screen with other parameters', () => {
  it('starts a fresh record after one was created in place (its key is not in the address)', async () => {
    renderScreen('test.create', {
      entries: [
        {
          file: 'screens/test/create.screen.json',
          definition: {
            id: 'test.create',
            kind: 'edit',
            route: '/test/create',
            title: '만들기',
            key: ['msgKey'],
            load: { operation: 'getMessage' },
            sections: [{ fields: [{ field: 'textKo', label: '내용' }] }],
            actions: [
              { kind: 'save', operation: 'createMessage' },
              {
                kind: 'navigate',
                id: 'again',
                label: '다시 만들기',
                route: '/test/create',
                query: { replaces: 'form.msgKey' },
              },
            ],
          },
        },
      ],
      answers: { createMessage: () => messageRow({ msgKey: 'm1', textKo: '처음 것', version: 1 }) },
      route: '/test/create',
    });
    fireEvent.change(await screen.findByLabelText('내용'), { target: { value: '처음 것' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(screen.getByLabelText('내용')).toHaveValue('처음 것'));
    fireEvent.click(screen.getByRole('button', { name: '다시 만들기' }));
    await waitFor(() => expect(screen.getByLabelText('내용')).toHaveValue(''));
  });
});
