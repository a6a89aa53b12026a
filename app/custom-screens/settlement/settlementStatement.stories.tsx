import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { expect, within } from 'storybook/test';
import { OperationError } from '../../../engine';
import { fakeSettlementFiles, SettlementFilesHarness } from './settlement-files.fixture';

/** The transaction statement dialog's content, on a fixture print page. */
function StatementStory({
  portal = 'internal',
  missing = false,
}: {
  portal?: 'internal' | 'external';
  missing?: boolean;
}) {
  const files = useMemo(
    () =>
      fakeSettlementFiles({
        delayMs: 150,
        refuse: missing ? { html: new OperationError(404, 'SETTLEMENT_NOT_FOUND', '정산을 찾을 수 없습니다') } : {},
      }),
    [missing],
  );
  return (
    <div style={{ padding: 16, background: 'var(--color-bg, #f3f5f8)', minHeight: '100vh', boxSizing: 'border-box' }}>
      <SettlementFilesHarness
        id={portal === 'external' ? 'settlement.myStatementPrint' : 'settlement.statementPrint'}
        files={files}
        router={false}
        engine={{ portal }}
      />
    </div>
  );
}

const meta = {
  title: 'Custom screens/settlement/settlementStatement',
  component: StatementStory,
  parameters: { layout: 'fullscreen', route: '/?settleNo=ST2026-000104' },
  args: { portal: 'internal', missing: false },
} satisfies Meta<typeof StatementStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Staff: the print page in a frame, 인쇄 and PDF 저장. */
export const Staff: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTitle('거래명세서 ST2026-000104')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: '인쇄' })).toBeEnabled();
  },
};

/** The supplier's own statement (external portal). */
export const Supplier: Story = { args: { portal: 'external' }, parameters: { portal: 'external' } };

/** Another company's (or a missing) settlement: the server's 404 message. */
export const NotFound: Story = { args: { missing: true } };
