import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditScreenDef, ListScreenDef } from '../definition/types';
import { installGlideJsdom } from '../testing/grid';
import { renderScreen } from '../testing/screen-harness';
import { definitionForPortal } from './for-portal';
import { messageRow } from '../testing/contract-rows';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

const list: ListScreenDef = {
  id: 'test.both',
  kind: 'list',
  title: '둘 다',
  portals: ['internal', 'external'],
  source: { operation: 'listMessages' },
  filters: [{ field: 'msgKey' }, { field: 'compNo', widget: 'company', portal: 'internal' }],
  columns: [{ field: 'compName', portal: 'internal' }, { field: 'msgKey' }, { field: 'textKo', portal: 'external' }],
  actions: [
    { kind: 'call', id: 'ack', operation: 'deleteMessage', portal: 'external' },
    {
      kind: 'call',
      id: 'ask',
      operation: 'deleteMessage',
      prompt: { fields: [{ field: 'a' }, { field: 'b', portal: 'external' }] },
    },
    'exportExcel',
  ],
};

describe('definitionForPortal: one definition, each portal its parts', () => {
  it('keeps unmarked parts on both and marked parts on their portal only', () => {
    const inside = definitionForPortal(list, 'internal') as ListScreenDef;
    expect(inside.filters!.map((f) => f.field)).toEqual(['msgKey', 'compNo']);
    expect(inside.columns.map((c) => c.field)).toEqual(['compName', 'msgKey']);
    expect(inside.actions!.map((a) => (typeof a === 'string' ? a : a.id))).toEqual(['ask', 'exportExcel']);
    expect(
      (inside.actions![0] as { prompt: { fields: Array<{ field: string }> } }).prompt.fields.map((f) => f.field),
    ).toEqual(['a']);

    const outside = definitionForPortal(list, 'external') as ListScreenDef;
    expect(outside.filters!.map((f) => f.field)).toEqual(['msgKey']);
    expect(outside.columns.map((c) => c.field)).toEqual(['msgKey', 'textKo']);
    expect(outside.actions!.map((a) => (typeof a === 'string' ? a : a.id))).toEqual(['ack', 'ask', 'exportExcel']);
  });

  it('edit screens: sections, fields, detail grids and their columns', () => {
    const edit: EditScreenDef = {
      id: 'test.edit',
      kind: 'edit',
      title: '편집',
      sections: [
        { fields: [{ field: 'a' }, { field: 'compName', portal: 'internal' }] },
        { title: '내부', portal: 'internal', fields: [{ field: 'x' }] },
      ],
      details: [
        { id: 'lines', rowKey: 'n', columns: [{ field: 'n' }, { field: 'price', portal: 'external' }] },
        { id: 'staff', rowKey: 'n', portal: 'internal', columns: [{ field: 'n' }] },
      ],
      actions: [{ kind: 'save', operation: 'updateMessage', portal: 'external' }, 'back'],
    };
    const outside = definitionForPortal(edit, 'external') as EditScreenDef;
    expect(outside.sections.map((s) => s.fields.map((f) => f.field))).toEqual([['a']]);
    expect(outside.details!.map((d) => [d.id, d.columns.map((c) => c.field)])).toEqual([['lines', ['n', 'price']]]);
    expect(outside.actions).toHaveLength(2);
    const inside = definitionForPortal(edit, 'internal') as EditScreenDef;
    expect(inside.sections.map((s) => s.fields.map((f) => f.field))).toEqual([['a', 'compName'], ['x']]);
    expect(inside.details!.map((d) => [d.id, d.columns.map((c) => c.field)])).toEqual([
      ['lines', ['n']],
      ['staff', ['n']],
    ]);
    expect(inside.actions).toEqual(['back']);
  });

  it('a definition with nothing marked comes back as the same object', () => {
    const plain: ListScreenDef = {
      id: 'p',
      kind: 'list',
      title: 'p',
      source: { operation: 'listMessages' },
      columns: [{ field: 'msgKey' }],
    };
    expect(definitionForPortal(plain, 'external')).toBe(plain);
  });
});

describe('a screen on both portals renders each portal its own parts, and screen.portal in rules', () => {
  const edit = {
    id: 'test.doc',
    kind: 'edit',
    route: '/test/doc',
    portals: ['internal', 'external'],
    title: '문서',
    key: ['msgKey'],
    load: { operation: 'getMessage' },
    readOnly: "screen.portal == 'internal'",
    sections: [
      {
        fields: [
          { field: 'textKo', label: '내용' },
          { field: 'category', label: '업체명', portal: 'internal' },
        ],
      },
    ],
    actions: [
      { kind: 'save', operation: 'updateMessage', label: '저장', portal: 'external' },
      { kind: 'back', label: '목록' },
    ],
  };
  const answers = {
    getMessage: () => messageRow({ msgKey: 'a', textKo: '본문', category: '(주)가나' }),
    updateMessage: () => messageRow({ msgKey: 'a', textKo: '본문', category: '(주)가나', version: 2 }),
  };

  it('internal: the staff-only field shows, the supplier action does not, the form is read only', async () => {
    renderScreen('test.doc', {
      entries: [{ file: 'screens/test/doc.screen.json', definition: edit }],
      answers,
      portal: 'internal',
      route: '/?msgKey=a',
    });
    const content = await screen.findByDisplayValue('본문', undefined, { timeout: 20_000 });
    expect(content).toHaveAttribute('readonly');
    expect(screen.getByText('업체명')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '저장' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '목록' })).toBeInTheDocument();
  }, 30_000);

  it('external: the supplier action shows, the staff-only field does not, the form is editable', async () => {
    renderScreen('test.doc', {
      entries: [{ file: 'screens/test/doc.screen.json', definition: edit }],
      answers,
      portal: 'external',
      route: '/?msgKey=a',
    });
    const content = await screen.findByDisplayValue('본문', undefined, { timeout: 20_000 });
    expect(content).not.toHaveAttribute('readonly');
    expect(screen.queryByText('업체명')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '저장' })).toBeInTheDocument();
  }, 30_000);
});
