import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { expect, within } from 'storybook/test';
import { createFixtureEngineServices } from '../../../engine/testing/fixture-engine-services';
import { ScreenHarness } from '../../../engine/testing/screen-harness';
import { createScreenRegistry } from '../../../engine/runtime/registry';
import { screenDefinitions, screenTexts } from '../../../screens';
import { createFulfilmentFixtures } from '../../../screens/fulfilment-delivery/fulfilment-fixtures';
import DeliverEdit from './deliverEdit.custom';

const registry = createScreenRegistry(screenDefinitions);

/** /deliverEdit on fixture answers: a new delivery (route without a number) or a saved one (`?deliveryNo=`). */
function DeliverEditStory({ canWrite = true }: { canWrite?: boolean }) {
  const services = useMemo(() => {
    const fixtures = createFulfilmentFixtures();
    return createFixtureEngineServices({ answers: fixtures.answers, codes: fixtures.codes, authority: { read: true, write: canWrite }, portal: 'external', login: null, delayMs: 150 });
  }, [canWrite]);
  return (
    <div style={{ padding: 16, background: 'var(--color-bg, #f3f5f8)', minHeight: '100vh', boxSizing: 'border-box' }}>
      <ScreenHarness id="fulfilmentDelivery.deliverEdit" registry={registry} services={services} texts={screenTexts} router={false} customComponents={{ deliverEdit: DeliverEdit }} />
    </div>
  );
}

const meta = {
  title: 'Custom screens/fulfilment-delivery/deliverEdit',
  component: DeliverEditStory,
  parameters: { layout: 'fullscreen', portal: 'external' },
  args: { canWrite: true },
} satisfies Meta<typeof DeliverEditStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new delivery against an acknowledged order: pick the order, enter quantities. */
export const NewAgainstOrder: Story = {
  parameters: { route: '/deliverEdit' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('radio', { name: '발주 납품' })).toBeChecked();
  },
};

/** A new delivery without an order (무발주): item, unit, price typed in. */
export const NewWithoutOrder: Story = { parameters: { route: '/deliverEdit?noPo=Y' } };

/** A registered delivery: editable, cancellable. */
export const Registered: Story = { parameters: { route: '/deliverEdit?deliveryNo=DLV2026-000101' } };

/** A cancelled delivery: read only. */
export const Cancelled: Story = { parameters: { route: '/deliverEdit?deliveryNo=DLV2026-000104' } };

/** Read-only menu authority. */
export const ReadOnly: Story = { args: { canWrite: false }, parameters: { route: '/deliverEdit?deliveryNo=DLV2026-000101' } };
