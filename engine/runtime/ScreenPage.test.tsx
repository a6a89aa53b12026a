import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installGlideJsdom } from '../testing/grid';
import { pagedAnswer } from '../testing/fixture-engine-services';
import { renderScreen } from '../testing/screen-harness';
import { messageRow } from '../testing/contract-rows';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

const answers = {
  listMessages: (input: Parameters<typeof pagedAnswer>[1]) =>
    pagedAnswer([messageRow({ msgKey: 'a', textKo: '가' })], input),
};

describe('a malformed definition shows its problems on the page', () => {
  it('schema problems with file and pointer', async () => {
    renderScreen('bad.list', {
      entries: [
        {
          file: 'screens/bad/list.screen.json',
          definition: {
            id: 'bad.list',
            kind: 'list',
            title: 'Bad',
            source: { operation: 'listMessages' },
            columns: [{ field: 'msgKey', type: 'mony' }],
          },
        },
      ],
    });
    const view = await screen.findByTestId('definition-error');
    expect(view).toHaveTextContent('화면 정의 오류');
    expect(view).toHaveTextContent('screens/bad/list.screen.json#/columns/0/type must be one of: "text", "number"');
  });

  it('in development, the same cross-check as screens:check (operation and fields)', async () => {
    const { indexApi } = await import('../definition/cross-check');
    const openapi = (await import('../../schemas/openapi.generated.json')).default as Record<string, unknown>;
    renderScreen('bad.list', {
      entries: [
        {
          file: 'screens/bad/list.screen.json',
          definition: {
            id: 'bad.list',
            kind: 'list',
            title: 'Bad',
            source: { operation: 'listMessages' },
            columns: [{ field: 'textKr' }],
          },
        },
      ],
      answers,
      loadApiIndex: async () => indexApi(openapi),
    });
    const view = await screen.findByTestId('definition-error');
    expect(view).toHaveTextContent(
      'screens/bad/list.screen.json#/columns/0/field column "textKr" is not a field of the rows of listMessages (did you mean "textKo"?)',
    );
  });

  it('an unknown screen id', async () => {
    renderScreen('nowhere', { entries: [] });
    expect(await screen.findByTestId('definition-error')).toHaveTextContent('화면 nowhere를 찾을 수 없습니다.');
  });
});
