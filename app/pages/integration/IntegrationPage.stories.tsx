import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { IntegrationPage } from './IntegrationPage';

const meta = {
  title: 'App/Pages/Integration',
  component: IntegrationPage,
  parameters: { portal: 'external' },
} satisfies Meta<typeof IntegrationPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** /integration — the supplier portal's entry. */
export const Entry: Story = { parameters: { route: '/integration' } };

/** /integration?type=l — after the session was lost. */
export const SessionLost: Story = {
  parameters: { route: '/integration?type=l' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('세션이 만료되어 로그아웃되었습니다. 다시 로그인해 주세요.')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: '협력사 로그인' })).toHaveAttribute('href', '/cyberLogin');
  },
};
