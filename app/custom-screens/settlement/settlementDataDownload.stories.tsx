import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { expect, within } from 'storybook/test';
import { fakeSettlementFiles, SettlementFilesHarness, tooLarge } from './settlement-files.fixture';

/** /dataDownload on fixture files: both extracts, or a settlement extract over the limit. */
function DataDownloadStory({ overLimit = false }: { overLimit?: boolean }) {
  const files = useMemo(
    () => fakeSettlementFiles({ delayMs: 400, refuse: overLimit ? { settlements: tooLarge() } : {} }),
    [overLimit],
  );
  return (
    <div style={{ padding: 16, background: 'var(--color-bg, #f3f5f8)', minHeight: '100vh', boxSizing: 'border-box' }}>
      <SettlementFilesHarness id="settlement.dataDownload" files={files} router={false} />
    </div>
  );
}

const meta = {
  title: 'Custom screens/settlement/settlementDataDownload',
  component: DataDownloadStory,
  parameters: { layout: 'fullscreen', route: '/dataDownload' },
  args: { overLimit: false },
} satisfies Meta<typeof DataDownloadStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Receipt lines by the warehousing filter; settlements by month, supplier, state and level. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: '입고 내역' })).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { name: '월정산 내역' })).toBeInTheDocument();
  },
};

/** The server refuses an extract over 100,000 rows with the count. */
export const OverLimit: Story = { args: { overLimit: true } };
