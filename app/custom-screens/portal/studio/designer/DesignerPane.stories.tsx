import type { Meta, StoryObj } from '@storybook/react-vite';
import axe from 'axe-core';
import { useMemo } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import { createHarnessStore, DesignerHarness, HARNESS_LIST } from './designer-harness';

/** The studio's designer over a list definition with one problem, its own history. */
function DesignerStory({ text = HARNESS_LIST, readOnly = false }: { text?: string; readOnly?: boolean }) {
  const store = useMemo(() => createHarnessStore(text), [text]);
  return (
    <div style={{ padding: 16, maxWidth: 1100 }}>
      <DesignerHarness store={store} readOnly={readOnly} />
    </div>
  );
}

/** axe's WCAG 2.x A/AA findings of impact serious or critical in the story's canvas. */
async function seriousAxeFindings(root: HTMLElement) {
  const result = await axe.run(root, {
    runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
    resultTypes: ['violations'],
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const meta = {
  title: 'Custom screens/portal/screen studio/Designer',
  component: DesignerStory,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof DesignerStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * By keyboard and single clicks only: choose a column, move it down with Alt+↓ (announced), add a
 * filter, set a property in the panel, undo it all; axe finds nothing serious on the way.
 */
export const ListByKeyboard: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const canvas = within(canvasElement);
    const live = canvas.getByTestId('designer-announcement');
    const columns = within(canvas.getByRole('region', { name: /^열/ }));
    await userEvent.click(columns.getByRole('button', { name: '1번째 열 코드' }));
    await expect(live).toHaveTextContent('1번째 열 코드를 골랐습니다');
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await expect(live).toHaveTextContent('코드를 2번째로 옮겼습니다');
    await waitFor(() => expect(canvasElement.ownerDocument.activeElement).toHaveTextContent('2번째 열 코드'));
    const filters = within(canvas.getByRole('region', { name: /^검색조건/ }));
    await userEvent.type(filters.getByLabelText('새 검색조건의 필드'), 'useYn{Enter}');
    await expect(live).toHaveTextContent('2번째 검색조건 사용 여부를 추가했습니다');
    const panel = within(canvas.getByRole('region', { name: '2번째 검색조건 사용 여부의 속성' }));
    await userEvent.selectOptions(panel.getByLabelText(/^입력 방식 widget/), 'select');
    await expect(await seriousAxeFindings(canvasElement)).toEqual([]);
    for (let i = 0; i < 3; i++) await userEvent.keyboard('{Control>}z{/Control}');
    await expect(columns.getByRole('button', { name: '1번째 열 코드' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: '2번째 검색조건 사용 여부' })).toBeNull();
  },
};

/** Waits for the browser to lay out and paint (dnd-kit measures the items between pointer moves). */
const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

/**
 * Dragging by keyboard with dnd-kit's keyboard sensor: Space on a column's handle lifts it, ↓
 * carries it, Space drops it (said in Korean) — one move of the text, one step that Ctrl+Z undoes — and
 * the focus stays on its handle at the new place.
 */
export const DragByKeyboard: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const canvas = within(canvasElement);
    const doc = canvasElement.ownerDocument;
    const columns = within(canvas.getByRole('region', { name: /^열/ }));
    columns.getByRole('button', { name: '1번째 열 코드 끌어서 옮기기' }).focus();
    await userEvent.keyboard(' ');
    await frame();
    // Lifted: dnd-kit marks the handle pressed (its sentences are checked by the browser journey).
    await waitFor(() => expect(doc.activeElement).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.keyboard('{ArrowDown}');
    await frame();
    await userEvent.keyboard(' ');
    await expect(canvas.getByTestId('designer-announcement')).toHaveTextContent('코드를 2번째로 옮겼습니다');
    await expect(columns.getByRole('button', { name: '2번째 열 코드' })).toBeInTheDocument();
    await waitFor(() => expect(doc.activeElement).toHaveAccessibleName('2번째 열 코드 끌어서 옮기기'));
    // Esc puts a lifted item back where it was: nothing moves.
    await userEvent.keyboard(' ');
    await frame();
    await userEvent.keyboard('{ArrowUp}');
    await frame();
    await userEvent.keyboard('{Escape}');
    await frame();
    await expect(columns.getByRole('button', { name: '2번째 열 코드' })).toBeInTheDocument();
    await expect(await seriousAxeFindings(canvasElement)).toEqual([]);
    await userEvent.keyboard('{Control>}z{/Control}');
    await expect(columns.getByRole('button', { name: '1번째 열 코드' })).toBeInTheDocument();
  },
};

/** An edit screen: sections and their fields. */
export const EditSections: Story = {
  args: {
    text: `{
  "kind": "edit",
  "title": "코드 편집",
  "sections": [
    { "title": "기본", "columns": 2, "fields": [{ "field": "code", "required": true }, { "field": "textKo" }] },
    { "title": "표시", "fields": [{ "field": "sortOrder", "widget": "number" }] }
  ]
}
`,
  },
  play: async ({ canvasElement, userEvent }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '2번째 항목 textKo 위로 옮기기' }));
    await expect(canvas.getByTestId('designer-announcement')).toHaveTextContent('textKo를 1번째로 옮겼습니다');
    // A section carried by keyboard takes its fields with it.
    canvas.getByRole('button', { name: '2번째 구역 표시 끌어서 옮기기' }).focus();
    await userEvent.keyboard(' ');
    await frame();
    await userEvent.keyboard('{ArrowUp}');
    await frame();
    await userEvent.keyboard(' ');
    await expect(canvas.getByTestId('designer-announcement')).toHaveTextContent('표시를 1번째로 옮겼습니다');
    const first = canvas.getByRole('button', { name: '1번째 구역 표시' }).closest('li')!;
    await expect(within(first).getByRole('button', { name: '1번째 항목 sortOrder' })).toBeInTheDocument();
    await expect(await seriousAxeFindings(canvasElement)).toEqual([]);
  },
};

/** A definition the designer cannot show: the reason, in words. */
export const OpensInJson: Story = {
  args: { text: '{ "kind": "dashboard", "panels": [] }' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('designer-refused')).toHaveTextContent('화면 종류 dashboard는');
    await expect(await seriousAxeFindings(canvasElement)).toEqual([]);
  },
};
