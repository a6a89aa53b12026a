import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { expect, within } from 'storybook/test';
import { createFixtureEngineServices } from '../../../engine/testing/fixture-engine-services';
import { ScreenHarness } from '../../../engine/testing/screen-harness';
import { createScreenRegistry } from '../../../engine/runtime/registry';
import { screenDefinitions, screenTexts } from '../../../screens';
import { PR_FIXTURE_CODES, PR_LOGINS, createPrFixtures } from '../../../screens/purchase-request/pr-fixtures';
import RfqCompare from './rfqCompare.custom';

const registry = createScreenRegistry(screenDefinitions);

/** 견적 비교 on fixture answers (`?rfqNo=`): the buyer (may select) or a reader. */
function RfqCompareStory({ buyer = true, canWrite = true }: { buyer?: boolean; canWrite?: boolean }) {
  const services = useMemo(() => {
    const fixtures = createPrFixtures({ viewer: buyer ? 'E000004' : 'E000005' });
    return createFixtureEngineServices({
      answers: fixtures.answers,
      codes: PR_FIXTURE_CODES,
      login: buyer ? PR_LOGINS.buyer : PR_LOGINS.requester,
      authority: { read: true, write: canWrite },
      delayMs: 120,
    });
  }, [buyer, canWrite]);
  return (
    <div style={{ padding: 16, background: 'var(--color-bg, #f3f5f8)', minHeight: '100vh', boxSizing: 'border-box' }}>
      <ScreenHarness
        id="purchaseRequest.rfqCompare"
        registry={registry}
        services={services}
        texts={screenTexts}
        router={false}
        customComponents={{ rfqCompare: RfqCompare }}
      />
    </div>
  );
}

const meta = {
  title: 'Custom screens/purchase-request/rfqCompare',
  component: RfqCompareStory,
  parameters: { layout: 'fullscreen', route: '/rfqCompare?rfqNo=RFQ2026-000201' },
  args: { buyer: true, canWrite: true },
} satisfies Meta<typeof RfqCompareStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The buyer after the deadline: three suppliers, one without an answer; the lowest prices marked; 선정 under the two that quoted. */
export const BuyerMaySelect: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: '견적 비교표' });
    await expect(within(table).getAllByRole('button', { name: '선정' })).toHaveLength(2);
    await expect(within(table).getByText('미제출')).toBeInTheDocument();
  },
};

/** Someone who is not the request's buyer: the comparison without the selection row. */
export const ReaderOnly: Story = {
  args: { buyer: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: '견적 비교표' });
    await expect(canvas.queryByRole('button', { name: '선정' })).toBeNull();
  },
};

/** No request given: says so. */
export const NoRequest: Story = { parameters: { route: '/rfqCompare' } };
