import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { AuthReqPage } from './AuthReqPage';

const meta = {
  title: 'App/Pages/AuthReq',
  component: AuthReqPage,
  args: { portal: 'internal' },
} satisfies Meta<typeof AuthReqPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** /authReq?error=AUTH102 — a locked account. */
export const LockedAccount: Story = {
  parameters: { route: '/authReq?error=AUTH102' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('잠긴 계정입니다. 관리자에게 문의해 주세요.')).toBeInTheDocument();
    await expect(canvas.getByText('오류 코드: AUTH102')).toBeInTheDocument();
  },
};

/** /cyberAuthReq with a code the page does not know. */
export const UnknownCodeExternal: Story = {
  args: { portal: 'external' },
  parameters: { route: '/cyberAuthReq?error=SSO999', portal: 'external' },
};
