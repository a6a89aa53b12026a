import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageRow } from '../testing/contract-rows';
import { installGlideJsdom } from '../testing/grid';
import { messageEditScreen } from '../testing/message-edit-screen';
import { renderScreen } from '../testing/screen-harness';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

/** A document's page that cannot create (a workflow step, no save): it needs its key. */
const viewScreen = (extra: Record<string, unknown> = {}) => ({
  file: 'screens/test/view.screen.json',
  definition: {
    id: 'test.view',
    kind: 'edit',
    route: '/test/view',
    title: '메시지 보기',
    key: ['msgKey'],
    load: { operation: 'getMessage' },
    sections: [
      {
        fields: [
          { field: 'msgKey', label: '키' },
          { field: 'textKo', label: '한글' },
        ],
      },
    ],
    actions: ['back', { kind: 'workflow', operation: 'updateMessage', label: '보내기' }],
    ...extra,
  },
});

const listScreen = {
  file: 'screens/test/list.screen.json',
  definition: {
    id: 'test.list',
    kind: 'list',
    route: '/test/list',
    title: '메시지 목록',
    source: { operation: 'listMessages', rowKey: 'msgKey' },
    columns: [{ field: 'msgKey', label: '키' }],
  },
};

describe('edit screens opened without their key', () => {
  it('a screen that creates shows its create form', async () => {
    renderScreen('test.message', { entries: [messageEditScreen], route: '/test/message' });
    expect(await screen.findByRole('textbox', { name: /키/ })).toBeEnabled();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it(
    'a screen that cannot create says nothing is selected, links to the list its menu gives and reads nothing',
    { timeout: 30_000 },
    async () => {
      const user = userEvent.setup();
      const addresses: string[] = [];
      const { services } = renderScreen('test.view', {
        entries: [viewScreen()],
        route: '/test/view',
        menuOf: (route) => (route === '/test/view' ? { route: '/test/list', name: '입찰 참여' } : null),
        onLocation: (a) => addresses.push(a),
      });
      const status = await screen.findByRole('status');
      expect(status).toHaveTextContent('선택된 항목이 없습니다. 목록에서 선택하세요.');
      expect(screen.getByRole('heading', { level: 1, name: '메시지 보기' })).toBeInTheDocument();
      // No empty form, no buttons of a document that does not exist, no read.
      expect(screen.queryByRole('textbox')).toBeNull();
      expect(screen.queryByRole('button', { name: '보내기' })).toBeNull();
      expect(services.calls).toHaveLength(0);
      const link = screen.getByRole('link', { name: '입찰 참여로 가기' });
      expect(link).toHaveAttribute('href', '/test/list');
      // Keyboard: Tab reaches the link, Enter follows it.
      await user.tab();
      expect(link).toHaveFocus();
      await user.keyboard('{Enter}');
      await waitFor(() => expect(addresses.at(-1)).toBe('/test/list'));
    },
  );

  it('with its key it shows the document', async () => {
    renderScreen('test.view', {
      entries: [viewScreen()],
      route: '/test/view?msgKey=hello',
      answers: { getMessage: () => messageRow({ msgKey: 'hello', textKo: '안녕', version: 1 }) },
    });
    expect(await screen.findByDisplayValue('안녕')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a save shown while updating alone does not create: the message, in English too', async () => {
    renderScreen('test.view', {
      entries: [
        viewScreen({
          actions: ['back', { kind: 'save', operation: 'updateMessage', visible: "mode == 'update'" }],
          menu: '/test/list',
        }),
        listScreen,
      ],
      route: '/test/view',
      language: 'en',
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Nothing is selected. Choose one from the list.');
    // No menu service: the definition's `menu`, named by its screen's title.
    expect(screen.getByRole('link', { name: 'Go to 메시지 목록' })).toHaveAttribute('href', '/test/list');
  });

  it('no list known (no menu opens it): the message alone', async () => {
    renderScreen('test.view', {
      entries: [viewScreen({ readOnly: true })],
      route: '/test/view',
      menuOf: () => null,
    });
    expect(await screen.findByRole('status')).toHaveTextContent('선택된 항목이 없습니다. 목록이나 링크에서 여세요.');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
