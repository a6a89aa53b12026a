import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { createFixtureEngineServices } from '../../engine/testing/fixture-engine-services';
import { ScreenHarness } from '../../engine/testing/screen-harness';
import { createScreenRegistry } from '../../engine/runtime/registry';
import { screenDefinitions, screenTexts } from '../index';
import { createFulfilmentFixtures } from './fulfilment-fixtures';

const registry = createScreenRegistry(screenDefinitions);

/**
 * The delivery and warehousing screens on their own fixture data (the generated Screens stories
 * use the portal's admin fixtures, which have no deliveries or receipts).
 */
function FulfilmentStory({
  id,
  canWrite = true,
  portal = 'internal',
}: {
  id: string;
  canWrite?: boolean;
  portal?: 'internal' | 'external';
}) {
  const services = useMemo(() => {
    const fixtures = createFulfilmentFixtures();
    return createFixtureEngineServices({
      answers: fixtures.answers,
      codes: fixtures.codes,
      authority: { read: true, write: canWrite },
      portal,
      delayMs: 150,
    });
  }, [canWrite, portal]);
  return (
    <div style={{ padding: 16, background: 'var(--color-bg, #f3f5f8)', minHeight: '100vh', boxSizing: 'border-box' }}>
      <ScreenHarness id={id} registry={registry} services={services} texts={screenTexts} router={false} />
    </div>
  );
}

const meta = {
  title: 'Screens/Fulfilment (fixtures)',
  component: FulfilmentStory,
  parameters: { layout: 'fullscreen' },
  args: { canWrite: true, portal: 'internal' },
} satisfies Meta<typeof FulfilmentStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const DeliverListAdmin: Story = { args: { id: 'fulfilmentDelivery.deliverListAdmin' } };
export const DeliverEditAdmin: Story = {
  args: { id: 'fulfilmentDelivery.deliverEditAdmin' },
  parameters: { route: '/deliverEditAdmin?deliveryNo=DLV2026-000101' },
};
export const NoneOrderViewAdmin: Story = { args: { id: 'fulfilmentDelivery.noneOrderViewAdmin' } };
export const WarehousingList: Story = { args: { id: 'fulfilmentDelivery.warehousingList' } };
export const WarehousingListReadOnly: Story = { args: { id: 'fulfilmentDelivery.warehousingList', canWrite: false } };
export const WarehousingItemList: Story = { args: { id: 'fulfilmentDelivery.warehousingItemList' } };
export const WarehousingListCopy: Story = { args: { id: 'fulfilmentDelivery.warehousingListCopy' } };
export const WarehousingItemListCopy: Story = { args: { id: 'fulfilmentDelivery.warehousingItemListCopy' } };
export const WarehousingDetail: Story = {
  args: { id: 'fulfilmentDelivery.warehousingDetail' },
  parameters: { route: '/?whReqNo=WR2026-000201' },
};
export const DeliverInfo: Story = {
  args: { id: 'fulfilmentDelivery.deliverInfo', portal: 'external' },
  parameters: { portal: 'external' },
};
export const NoneOrderView: Story = {
  args: { id: 'fulfilmentDelivery.noneOrderView', portal: 'external' },
  parameters: { portal: 'external' },
};

/** A new delivery against an order: the order picked fills the lines with its open quantities (fillFrom). */
export const DeliverEditNew: Story = {
  args: { id: 'fulfilmentDelivery.deliverEdit', portal: 'external' },
  parameters: { portal: 'external', route: '/deliverEdit' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('radio', { name: '발주 납품' })).toBeChecked();
    const order = await canvas.findByRole('combobox', { name: /^발주/ });
    await waitFor(() => expect(within(order).getByRole('option', { name: 'PO2026-000510' })).toBeInTheDocument());
    await userEvent.selectOptions(order, 'PO2026-000510');
    // Two open lines (the third is fully delivered); nothing delivered yet.
    await waitFor(() => expect(canvas.getByText('(총 2건)')).toBeInTheDocument());
    await expect(canvasElement.querySelector('[data-total="AMT"]')).toHaveTextContent('금액 합계 0');
  },
};
/** A registered delivery: editable, cancellable. */
export const DeliverEditRegistered: Story = {
  args: { id: 'fulfilmentDelivery.deliverEdit', portal: 'external' },
  parameters: { portal: 'external', route: '/deliverEdit?deliveryNo=DLV2026-000101' },
};
/** A cancelled delivery: read only. */
export const DeliverEditCancelled: Story = {
  args: { id: 'fulfilmentDelivery.deliverEdit', portal: 'external' },
  parameters: { portal: 'external', route: '/deliverEdit?deliveryNo=DLV2026-000104' },
};
