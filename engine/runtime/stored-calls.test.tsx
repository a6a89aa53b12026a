import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallInit, EngineServices, OperationInput } from '../services';
import { messageRow } from '../testing/contract-rows';
import { createFixtureEngineServices, type FixtureEngineOptions } from '../testing/fixture-engine-services';
import { installGlideJsdom } from '../testing/grid';
import { renderScreen } from '../testing/screen-harness';
import { storedScreenServices, storedWidgetServices, type StoredMark } from './stored-calls';
import { createFixtureServices } from '../../widgets/testing/fixture-services';
import type { WidgetServices } from '../../widgets/services';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

/**
 * A stored screen runs with the identity of whoever opens it. Whatever its (possibly old, never
 * re-checked) definition says, the engine sends no write the person did not press and confirm, and
 * the preview sends none at all; every call carries the screen's mark for the server.
 */
function stored(options: FixtureEngineOptions, mark: StoredMark) {
  const fixture = createFixtureEngineServices(options);
  const sent: Array<{ operation: string; input: OperationInput; init?: CallInit }> = [];
  const recording: EngineServices = {
    ...fixture,
    call: (operation, input, init) => (sent.push({ operation, input, init }), fixture.call(operation, input, init)),
  };
  return { services: storedScreenServices(recording, mark, (key, o) => `${key} ${JSON.stringify(o ?? {})}`), sent };
}

describe('a stored screen’s calls', () => {
  it(
    'refuses a write the engine would make by itself: an edit screen whose load is confirmTenderOpening',
    { timeout: 30_000 },
    async () => {
      const { services, sent } = stored(
        { answers: { confirmTenderOpening: () => ({ tenderNo: 'T1' }) } },
        { name: 'openIt', version: 1, mark: 'studio.openIt@v1;seal' },
      );
      renderScreen('studio.openIt', {
        entries: [
          {
            file: 'studio:openIt v1',
            definition: {
              id: 'studio.openIt',
              kind: 'edit',
              route: '/s/openIt',
              title: '입찰',
              singleton: true,
              load: {
                operation: 'confirmTenderOpening',
                params: { path: { tenderNo: "'T2026-0001'" }, body: { version: "'1'" } },
              },
              sections: [{ fields: [{ field: 'tenderNo', label: '입찰번호' }] }],
            },
          },
        ],
        services,
        route: '/',
      });
      expect(await screen.findByText(/engine\.storedWriteRefused/, undefined, { timeout: 15_000 })).toBeInTheDocument();
      expect(sent.some((c) => c.operation === 'confirmTenderOpening')).toBe(false);
    },
  );

  it(
    'asks a confirmation for an action whose definition names none, in the operation’s own words, then sends it with the screen’s mark',
    { timeout: 30_000 },
    async () => {
      const { services, sent } = stored(
        {
          answers: {
            getMessage: () => messageRow({ msgKey: 'k1', textKo: '가', version: 3 }),
            updateMessage: () => messageRow({ msgKey: 'k1', textKo: '가', version: 4 }),
          },
        },
        { name: 'msgEdit', version: 7, mark: 'studio.msgEdit@v7;seal' },
      );
      renderScreen('studio.msgEdit', {
        entries: [
          {
            file: 'studio:msgEdit v7',
            definition: {
              id: 'studio.msgEdit',
              kind: 'edit',
              route: '/s/msgEdit',
              title: '메시지',
              key: ['msgKey'],
              load: { operation: 'getMessage' },
              sections: [{ fields: [{ field: 'textKo', label: '한글' }] }],
              actions: [
                {
                  kind: 'workflow',
                  id: 'touch',
                  label: '다시 쓰기',
                  operation: 'updateMessage',
                  params: { path: { msgKey: 'form.msgKey' }, body: { version: 'form.version' } },
                },
              ],
            },
          },
        ],
        services,
        route: '/?msgKey=k1',
      });
      await screen.findByDisplayValue('가');
      const load = sent.find((c) => c.operation === 'getMessage')!;
      expect(load.init?.headers).toEqual({ 'X-Studio-Screen': 'studio.msgEdit@v7;seal' });
      // The button says what the operation does; the author's label only follows it.
      fireEvent.click(screen.getByRole('button', { name: '메시지 변경 (다시 쓰기)' }));
      const dialog = await screen.findByRole('alertdialog');
      expect(dialog).toHaveTextContent('메시지를 변경합니다. 계속하시겠습니까?');
      expect(sent.some((c) => c.operation === 'updateMessage')).toBe(false);
      fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
      await waitFor(() => expect(sent.some((c) => c.operation === 'updateMessage')).toBe(true));
      expect(sent.find((c) => c.operation === 'updateMessage')!.init).toMatchObject({
        confirmed: true,
        headers: { 'X-Studio-Screen': 'studio.msgEdit@v7;seal' },
      });
    },
  );

  it(
    'words a write by its operation whatever the author wrote: "새로고침" that cancels a contract asks to cancel the contract',
    { timeout: 30_000 },
    async () => {
      const { services, sent } = stored(
        {
          answers: {
            listMessages: () => ({ rows: [messageRow({ msgKey: 'EC1' })], total: 1 }),
          },
        },
        { name: 'refresh', version: 1, mark: 'studio.refresh@v1;seal' },
      );
      renderScreen('studio.refresh', {
        entries: [
          {
            file: 'studio:refresh v1',
            definition: {
              id: 'studio.refresh',
              kind: 'list',
              route: '/s/refresh',
              title: '계약 현황',
              source: { operation: 'listMessages', rowKey: 'msgKey' },
              columns: [{ field: 'msgKey', label: '계약번호' }],
              actions: [
                {
                  kind: 'call',
                  id: 'refresh',
                  label: '새로고침',
                  confirm: '최신 상태로 새로고침하시겠습니까?',
                  operation: 'cancelContract',
                  params: { path: { econtractNo: "'EC1'" }, body: { version: '2', reason: "'새로고침'" } },
                },
              ],
            },
          },
        ],
        services,
        route: '/',
      });
      const button = await screen.findByRole('button', { name: '계약 취소 (새로고침)' });
      fireEvent.click(button);
      const dialog = await screen.findByRole('alertdialog');
      // The operation's sentence first; the author's text may follow, never replace it.
      expect(dialog.textContent).toMatch(
        /계약을 취소합니다\. 계속하시겠습니까\?[\s\S]*최신 상태로 새로고침하시겠습니까\?/,
      );
      fireEvent.click(within(dialog).getByRole('button', { name: '취소' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(sent.some((c) => c.operation === 'cancelContract')).toBe(false);
    },
  );

  it('holds a GET that leaves something behind (the bids’ audit row, an order print’s audit row) as a write: never without a click', async () => {
    const fixture = createFixtureEngineServices();
    const calls: string[] = [];
    const base: EngineServices = { ...fixture, call: async (operation) => (calls.push(operation), null) };
    const services = storedScreenServices(base, { name: 'bids', version: 1, mark: 'studio.bids@v1;seal' }, (k) => k);
    await expect(services.call('getTenderBids', { path: { tenderNo: 'T1' } })).rejects.toMatchObject({
      code: 'STUDIO_WRITE_UNCONFIRMED',
    });
    await expect(services.call('printPo', { path: { poNo: 'PO1' } })).rejects.toMatchObject({
      code: 'STUDIO_WRITE_UNCONFIRMED',
    });
    expect(calls).toEqual([]);
    await services.call('getTenderBids', { path: { tenderNo: 'T1' } }, { confirmed: true });
    expect(calls).toEqual(['getTenderBids']);
    const preview = storedScreenServices(base, { name: 'bids', preview: true }, (k) => k);
    await expect(
      preview.call('getTenderBids', { path: { tenderNo: 'T1' } }, { confirmed: true }),
    ).rejects.toMatchObject({ code: 'STUDIO_PREVIEW_READ_ONLY' });
  });

  it('the file widgets carry the mark, and in the preview upload and delete nothing', async () => {
    const base = createFixtureServices();
    const seen: Array<{ what: string; headers?: Record<string, string> }> = [];
    const recording: WidgetServices = {
      ...base,
      uploadFiles: (files, options) => (
        seen.push({ what: 'upload', headers: options.headers }),
        base.uploadFiles(files, options)
      ),
      deleteFile: (fileId, seq, init) => (
        seen.push({ what: 'delete', headers: init?.headers }),
        base.deleteFile(fileId, seq, init)
      ),
    };
    const file = new File(['x'], 'a.txt', { type: 'text/plain' });
    const preview = storedWidgetServices(recording, { name: 'draft', preview: true }, (k) => k);
    await expect(preview.uploadFiles([file], {})).rejects.toMatchObject({ code: 'STUDIO_PREVIEW_READ_ONLY' });
    await expect(preview.deleteFile('F1', 1)).rejects.toMatchObject({ code: 'STUDIO_PREVIEW_READ_ONLY' });
    expect(seen).toEqual([]);
    const published = storedWidgetServices(
      recording,
      { name: 'docs', version: 2, mark: 'studio.docs@v2;seal' },
      (k) => k,
    );
    const group = await published.uploadFiles([file], {});
    await published.deleteFile(group.fileId, group.files[0]!.seq);
    expect(seen).toEqual([
      { what: 'upload', headers: { 'X-Studio-Screen': 'studio.docs@v2;seal' } },
      { what: 'delete', headers: { 'X-Studio-Screen': 'studio.docs@v2;seal' } },
    ]);
  });

  it('in the preview, refuses every write even when confirmed, and marks the reads as the preview’s', async () => {
    const fixture = createFixtureEngineServices({
      answers: { updateMessage: () => messageRow({ msgKey: 'k1' }), getMessage: () => messageRow({ msgKey: 'k1' }) },
    });
    const preview = storedScreenServices(fixture, { name: 'draft', preview: true }, (key) => key);
    await expect(
      preview.call('updateMessage', { path: { msgKey: 'k1' }, body: { version: 1 } }, { confirmed: true }),
    ).rejects.toMatchObject({ code: 'STUDIO_PREVIEW_READ_ONLY' });
    await expect(preview.call('getMessage', { path: { msgKey: 'k1' }, body: {} })).rejects.toMatchObject({
      code: 'STUDIO_PREVIEW_READ_ONLY',
    });
    await expect(preview.call('getMessage', { path: { msgKey: 'k1' } })).resolves.toMatchObject({ msgKey: 'k1' });
    expect(fixture.calls.map((c) => c.operation)).toEqual(['getMessage']);
  });
});
