import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { withWidgets } from '../testing/story-decorators';
import { TreeView, type TreeViewNode } from './tree-view';

const NODES: TreeViewNode[] = [
  {
    id: 'A',
    label: '원자재',
    children: [
      { id: 'A1', label: '철강', detail: 'STEEL', children: [] },
      { id: 'A2', label: '비철', children: [{ id: 'A21', label: '구리', children: [] }] },
    ],
  },
  { id: 'B', label: '부자재', children: [{ id: 'B1', label: '포장재', children: [] }] },
  { id: 'C', label: '소모품', children: [] },
];

function Demo() {
  const [selected, setSelected] = useState<string | null>(null);
  const [open, setOpen] = useState<Map<string, boolean>>(new Map());
  return (
    <div style={{ width: 280 }}>
      <TreeView
        nodes={NODES}
        aria-label="품목 분류"
        selectedId={selected}
        isOpen={(n, depth) => open.get(n.id) ?? depth === 0}
        onToggle={(id, o) => setOpen((m) => new Map(m).set(id, o))}
        onActivate={setSelected}
      />
    </div>
  );
}

const meta = {
  title: 'Widgets/TreeView',
  decorators: [withWidgets],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Tab into the tree; arrows move, open and fold; Enter or Space chooses. */
export const Keyboard: Story = {
  render: () => <Demo />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowRight}{ArrowRight}{Enter}');
    await expect(canvas.getByRole('treeitem', { name: '구리' })).toHaveAttribute('aria-selected', 'true');
  },
};
