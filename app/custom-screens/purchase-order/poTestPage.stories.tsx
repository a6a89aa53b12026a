import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { createFixtureEngineServices } from '../../../engine/testing/fixture-engine-services';
import { ScreenHarness } from '../../../engine/testing/screen-harness';
import { createScreenRegistry } from '../../../engine/runtime/registry';
import { screenDefinitions, screenTexts } from '../../../screens';
import { PO_FIXTURE_CODES, createPoFixtures } from '../../../screens/purchase-order/po-fixtures';
import PoTestPage from './poTestPage.custom';

const registry = createScreenRegistry(screenDefinitions);

/** The PO test page on the fixture server of the purchase-order screens. */
function TestPageStory() {
  const services = useMemo(
    () => createFixtureEngineServices({ answers: createPoFixtures().answers, codes: PO_FIXTURE_CODES, delayMs: 100 }),
    [],
  );
  return (
    <div style={{ padding: 16, background: 'var(--color-bg, #f3f5f8)' }}>
      <ScreenHarness
        id="purchaseOrder.testPo"
        registry={registry}
        services={services}
        texts={screenTexts}
        router={false}
        customComponents={{ poTestPage: PoTestPage }}
      />
    </div>
  );
}

const meta = {
  title: 'Custom screens/purchase-order/poTestPage',
  component: TestPageStory,
  parameters: { route: '/testPo?poNo=PO2026-000302' },
} satisfies Meta<typeof TestPageStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The three checks, nothing run yet (the PO number comes from the address). */
export const Start: Story = {};

/** FORWARD_YN of the two demo suppliers and the approval message each would get. */
export const ForwardYn: Story = {
  play: async ({ canvas }) => {
    const panel = await canvas.findByRole('region', { name: /FORWARD_YN/ });
    await userEvent.click(within(panel).getByRole('button', { name: '실행' }));
    await expect(
      await within(panel).findByText('승인하면 발주서가 협력사로 자동 전송됩니다. 승인하시겠습니까?'),
    ).toBeInTheDocument();
  },
};

/** An order in approval, as the server answers it. */
export const OrderLookup: Story = {
  play: async ({ canvas }) => {
    const panel = await canvas.findByRole('region', { name: /발주 조회/ });
    await userEvent.click(within(panel).getByRole('button', { name: '실행' }));
    await expect(await within(panel).findByText('cancel, approve, reject')).toBeInTheDocument();
  },
};
