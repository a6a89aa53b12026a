import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallInit, EngineServices, OperationInput } from '../services';
import { messageRow } from '../testing/contract-rows';
import { createFixtureEngineServices, type FixtureEngineOptions } from '../testing/fixture-engine-services';
import { installGlideJsdom } from '../testing/grid';
import { renderScreen } from '../testing/screen-harness';
import { storedScreenServices, type StoredMark } from './stored-calls';

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
        { name: 'openIt', version: 1 },
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
      expect(await screen.findByText(/engine\.storedWriteRefused/, undefined, { timeout: 5000 })).toBeInTheDocument();
      expect(sent.some((c) => c.operation === 'confirmTenderOpening')).toBe(false);
    },
  );

  it(
    'asks a confirmation for an action whose definition names none, then sends it with the screen’s mark',
    { timeout: 30_000 },
    async () => {
      const { services, sent } = stored(
        {
          answers: {
            getMessage: () => messageRow({ msgKey: 'k1', textKo: '가', version: 3 }),
            updateMessage: () => messageRow({ msgKey: 'k1', textKo: '가', version: 4 }),
          },
        },
        { name: 'msgEdit', version: 7 },
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
      await screen.findByDisplayValue('가', undefined, { timeout: 5000 });
      const load = sent.find((c) => c.operation === 'getMessage')!;
      expect(load.init?.headers).toEqual({ 'X-Studio-Screen': 'studio.msgEdit@v7' });
      fireEvent.click(screen.getByRole('button', { name: '다시 쓰기' }));
      const dialog = await screen.findByRole('alertdialog');
      expect(dialog).toHaveTextContent('[다시 쓰기] 작업을 실행하시겠습니까?');
      expect(sent.some((c) => c.operation === 'updateMessage')).toBe(false);
      fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
      await waitFor(() => expect(sent.some((c) => c.operation === 'updateMessage')).toBe(true));
      expect(sent.find((c) => c.operation === 'updateMessage')!.init).toMatchObject({
        confirmed: true,
        headers: { 'X-Studio-Screen': 'studio.msgEdit@v7' },
      });
    },
  );

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
