import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../testing/render';
import { TreeView, type TreeViewNode } from './tree-view';

const leaf = (id: string, label: string, detail?: string): TreeViewNode => ({ id, label, detail, children: [] });
const NODES: TreeViewNode[] = [
  {
    id: 'A',
    label: '원자재',
    children: [leaf('A1', '철강', 'STEEL'), { id: 'A2', label: '비철', children: [leaf('A21', '구리')] }],
  },
  { id: 'B', label: '부자재', children: [leaf('B1', '포장재')] },
  leaf('C', '소모품'),
];

/** The screen's way of holding state: roots open, others folded, Enter/click choose. */
function Host({ onActivate }: { onActivate?: (id: string) => void }) {
  const [selected, setSelected] = useState<string | null>(null);
  const [open, setOpen] = useState<Map<string, boolean>>(new Map());
  return (
    <TreeView
      nodes={NODES}
      aria-label="품목 분류"
      selectedId={selected}
      isOpen={(n, depth) => open.get(n.id) ?? depth === 0}
      onToggle={(id, o) => setOpen((m) => new Map(m).set(id, o))}
      onActivate={(id) => {
        onActivate?.(id);
        setSelected(id);
      }}
    />
  );
}

// jsdom's name computation reads the open subtree too (Chromium does not): match the start.
const item = (name: string) => screen.getByRole('treeitem', { name: new RegExp(`^${name}`) });
const focused = () =>
  document.activeElement?.getAttribute('role') === 'treeitem' &&
  document.activeElement.querySelector('span:not([aria-hidden])')?.textContent;

describe('TreeView (WAI-ARIA tree pattern)', () => {
  it('is a tree of treeitems with groups, levels, expanded and selected states and one Tab stop', () => {
    renderWidget(<Host />);
    const tree = screen.getByRole('tree', { name: '품목 분류' });
    const top = within(tree)
      .getAllByRole('treeitem')
      .filter((n) => n.getAttribute('aria-level') === '1');
    expect(top.map((n) => n.getAttribute('aria-expanded'))).toEqual(['true', 'true', null]);
    expect(item('철강 STEEL')).toHaveAttribute('aria-level', '2');
    expect(item('철강 STEEL').parentElement).toHaveAttribute('role', 'group');
    expect(item('비철')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('treeitem', { name: /^구리/ })).toBeNull();
    expect(
      within(tree)
        .getAllByRole('treeitem')
        .filter((n) => n.tabIndex === 0),
    ).toEqual([item('원자재')]);
    expect(
      within(tree)
        .getAllByRole('treeitem')
        .every((n) => n.getAttribute('aria-selected') === 'false'),
    ).toBe(true);
  });

  it('moves with Up/Down/Home/End, opens and enters with Right, folds and climbs with Left, chooses with Enter and Space', async () => {
    const onActivate = vi.fn();
    renderWidget(<Host onActivate={onActivate} />);
    const user = userEvent.setup();
    await user.tab();
    expect(focused()).toBe('원자재');
    await user.keyboard('{ArrowDown}');
    expect(focused()).toBe('철강');
    await user.keyboard('{ArrowDown}');
    expect(focused()).toBe('비철');
    // Right opens the folded node (focus stays), Right again enters it.
    await user.keyboard('{ArrowRight}');
    expect(item('비철')).toHaveAttribute('aria-expanded', 'true');
    expect(focused()).toBe('비철');
    await user.keyboard('{ArrowRight}');
    expect(focused()).toBe('구리');
    expect(item('구리')).toHaveAttribute('aria-level', '3');
    // Left on a leaf climbs to the parent; Left on an open node folds it.
    await user.keyboard('{ArrowLeft}');
    expect(focused()).toBe('비철');
    await user.keyboard('{ArrowLeft}');
    expect(item('비철')).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{End}');
    expect(focused()).toBe('소모품');
    await user.keyboard('{Home}');
    expect(focused()).toBe('원자재');
    await user.keyboard('{ArrowUp}');
    expect(focused()).toBe('원자재');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onActivate).toHaveBeenLastCalledWith('A1');
    expect(item('철강 STEEL')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown} ');
    expect(onActivate).toHaveBeenLastCalledWith('A2');
    expect(item('비철')).toHaveAttribute('aria-selected', 'true');
    expect(item('철강 STEEL')).toHaveAttribute('aria-selected', 'false');
    // The roving tab stop follows focus: Tab leaves the tree, Shift+Tab comes back to the last node.
    await user.tab();
    expect(document.activeElement).toBe(document.body);
    await user.tab({ shift: true });
    expect(focused()).toBe('비철');
  });

  it('a click chooses the node and makes it the Tab stop', async () => {
    const onActivate = vi.fn();
    renderWidget(<Host onActivate={onActivate} />);
    await userEvent.click(screen.getByText('포장재'));
    expect(onActivate).toHaveBeenCalledWith('B1');
    expect(onActivate).toHaveBeenCalledTimes(1);
    expect(item('포장재')).toHaveAttribute('tabindex', '0');
    expect(item('포장재')).toHaveAttribute('aria-selected', 'true');
  });
});
