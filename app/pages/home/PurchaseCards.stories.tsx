import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { PortalShell } from '../../layouts/PortalShell';
import type { AsyncState } from '../../hooks/use-async';
import { useHomePurchaseText } from './home-texts';
import { PurchaseCardView, type HomeList } from './PurchaseCardView';
import { mapApprovals, mapDocuments, mapInvitations, mapNewRfqs, mapOpenOrders } from './PurchaseCards';
import { APPROVALS, BIDDING_INVITATIONS, CODES, DOCUMENTS, NEW_RFQS, OPEN_ORDERS } from './purchase-cards-fixtures';
import styles from './PurchaseCards.module.css';

const at = new Date('2026-03-05T09:30:00+09:00');
type Kind = 'approvals' | 'documents' | 'rfqs' | 'orders' | 'bidding';
type Mode = 'success' | 'empty' | 'loading' | 'error';

/** One card of the home page on canned answers (the cards fetch their own data in the app). */
function CardStory({ kind, mode, onRetry }: { kind: Kind; mode: Mode; onRetry: () => void }) {
  const { t } = useHomePurchaseText();
  const list: HomeList =
    kind === 'approvals'
      ? mapApprovals(APPROVALS, t, CODES)
      : kind === 'documents'
        ? mapDocuments(DOCUMENTS, t, CODES)
        : kind === 'rfqs'
          ? mapNewRfqs(NEW_RFQS, t, CODES)
          : kind === 'bidding'
            ? mapInvitations(BIDDING_INVITATIONS, t)
            : mapOpenOrders(OPEN_ORDERS, t, CODES);
  const state: AsyncState<HomeList> =
    mode === 'loading'
      ? { status: 'loading' }
      : mode === 'error'
        ? { status: 'error', at, error: new Error('HTTP 500') }
        : { status: 'success', at, data: mode === 'empty' ? { items: [], total: 0 } : list };
  const more =
    kind === 'rfqs'
      ? { href: '/cyber/prCheckList', label: t('homePurchase.rfqs.more') }
      : kind === 'orders'
        ? { href: '/cyber/CyberOrderRequestList', label: t('homePurchase.orders.more') }
        : kind === 'bidding'
          ? { href: '/cyber/bid/tenderList', label: t('homePurchase.bidding.more') }
          : undefined;
  return (
    <div className={styles.wide} style={{ maxWidth: 640 }}>
      <PurchaseCardView
        id={`story-${kind}`}
        title={t(`homePurchase.${kind}.title`)}
        state={state}
        emptyText={t(`homePurchase.${kind}.empty`)}
        onRetry={onRetry}
        more={more}
      />
    </div>
  );
}

const meta = {
  title: 'App/Pages/Home/Purchasing cards',
  component: CardStory,
  args: { kind: 'approvals', mode: 'success', onRetry: fn() },
  argTypes: {
    kind: { control: 'select', options: ['approvals', 'documents', 'rfqs', 'orders', 'bidding'] },
    mode: { control: 'select', options: ['success', 'empty', 'loading', 'error'] },
  },
  decorators: [
    (Story, { parameters }) => (
      <PortalShell portal={parameters.portal === 'external' ? 'external' : 'internal'}>
        <Story />
      </PortalShell>
    ),
  ],
} satisfies Meta<typeof CardStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Internal home: approvals waiting for me, each linked to its document. */
export const PendingApprovals: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'PR2026-000412' })).toHaveAttribute(
      'href',
      '/prEdit?prNo=PR2026-000412',
    );
  },
};

/** Internal home: my recent documents of every type. */
export const RecentDocuments: Story = { args: { kind: 'documents' } };

/** Supplier home: new quotation requests. */
export const NewQuotationRequests: Story = {
  args: { kind: 'rfqs' },
  parameters: { portal: 'external', route: '/cyber' },
};

/** Supplier home: open purchase orders. */
export const OpenOrders: Story = { args: { kind: 'orders' }, parameters: { portal: 'external', route: '/cyber' } };

/** Supplier home: open tender and auction invitations, nearest deadline first; a tender opens its 투찰 screen, an auction its room. */
export const BiddingInvitations: Story = {
  args: { kind: 'bidding' },
  parameters: { portal: 'external', route: '/cyber' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'BD2026-000012' })).toHaveAttribute(
      'href',
      '/cyber/bid/tenderSubmit?tenderNo=BD2026-000012',
    );
  },
};

/** Nothing to show. */
export const Empty: Story = { args: { mode: 'empty' } };

/** Waiting for the answer. */
export const Loading: Story = { args: { mode: 'loading' } };

/** The endpoint failed: a message and a retry. */
export const Failed: Story = {
  args: { mode: 'error' },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: '다시 시도' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};
