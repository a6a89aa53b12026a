import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Info401Page } from './Info401Page';
import { Info500Page } from './Info500Page';
import { NotFoundPage } from './NotFoundPage';

const meta = {
  title: 'App/Pages/Errors',
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** /info401 — the login check answered GPMS006. */
export const NoPermission: Story = {
  parameters: { route: '/info401' },
  render: () => <Info401Page />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('권한이 없습니다');
    await expect(canvas.getByRole('link', { name: '홈으로 이동' })).toHaveAttribute('href', '/');
  },
};

/** /info500 — anything else went wrong. */
export const ServerError: Story = {
  parameters: { route: '/info500' },
  render: () => <Info500Page />,
};

/** An unknown address. */
export const NotFound: Story = {
  parameters: { route: '/no/such/page' },
  render: () => <NotFoundPage />,
};

/** An unknown address inside the supplier portal leads back to /cyber. */
export const NotFoundExternal: Story = {
  parameters: { route: '/cyber/no/such/page', portal: 'external' },
  render: () => <NotFoundPage />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: '홈으로 이동' })).toHaveAttribute('href', '/cyber');
  },
};
