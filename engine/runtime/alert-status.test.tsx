import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationError } from '../services';
import { installGlideJsdom } from '../testing/grid';
import { renderScreen } from '../testing/screen-harness';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

const list = {
  file: 'screens/test/notices.screen.json',
  definition: {
    id: 'test.notices',
    kind: 'list',
    route: '/test/notices',
    title: '공지사항',
    source: { operation: 'listNoticePosts', rowKey: 'postId', autoSearch: true },
    columns: [{ field: 'title', label: '제목' }],
  },
};

/** Spec §8: a refused call without a message of its own says the status's text. */
describe('the engine’s error alert', () => {
  it('403 says "authorization failed, no access right" in the spec’s Korean', { timeout: 30_000 }, async () => {
    renderScreen('test.notices', {
      entries: [list],
      answers: {
        listNoticePosts: () => {
          throw new OperationError(403, 'FORBIDDEN', null);
        },
      },
    });
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('인가에 실패했습니다. 접근 권한이 없습니다.')).toBeInTheDocument();
  });

  it('the server’s own message still wins', { timeout: 30_000 }, async () => {
    renderScreen('test.notices', {
      entries: [list],
      answers: {
        listNoticePosts: () => {
          throw new OperationError(403, 'GPMS006', '접근 권한이 없습니다.');
        },
      },
    });
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('접근 권한이 없습니다.');
  });
});
