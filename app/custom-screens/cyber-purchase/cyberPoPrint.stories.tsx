import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { expect } from 'storybook/test';
import { createFixtureEngineServices } from '../../../engine/testing/fixture-engine-services';
import { ScreenHarness } from '../../../engine/testing/screen-harness';
import { createScreenRegistry } from '../../../engine/runtime/registry';
import { screenDefinitions, screenTexts } from '../../../screens';
import { CYBER_FIXTURE_OPTIONS, createCyberFixtures } from '../../../screens/cyber-purchase/cyber-fixtures';
import CyberPoPrint from './cyberPoPrint.custom';

const registry = createScreenRegistry(screenDefinitions);

/** The print sheet of a fixture order of company C00001 (the order number comes from the story's address). */
function PrintStory() {
  const services = useMemo(
    () =>
      createFixtureEngineServices({ ...CYBER_FIXTURE_OPTIONS, answers: createCyberFixtures().answers, delayMs: 100 }),
    [],
  );
  return (
    <div style={{ padding: 16, background: 'var(--color-bg, #f3f5f8)' }}>
      <ScreenHarness
        id="cyberPurchase.orderPrint"
        registry={registry}
        services={services}
        texts={screenTexts}
        router={false}
        customComponents={{ cyberPoPrint: CyberPoPrint }}
      />
    </div>
  );
}

const meta = {
  title: 'Custom screens/cyber-purchase/cyberPoPrint',
  component: PrintStory,
  parameters: { portal: 'external', route: '/cyber/CyberOrderRequestEdit?poNo=PO2026-000201' },
} satisfies Meta<typeof PrintStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A sent order with two lines and a remark. */
export const SentOrder: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('3,400,000 KRW')).toBeInTheDocument();
  },
};

/** A simple (small-amount) order, already acknowledged, without a due date. */
export const SimpleOrder: Story = { parameters: { route: '/cyber/CyberOrderRequestEdit?poNo=PO2026-000180' } };

/** An order the supplier cannot see: the server's message instead of a sheet. */
export const NotFound: Story = { parameters: { route: '/cyber/CyberOrderRequestEdit?poNo=PO2026-999999' } };
