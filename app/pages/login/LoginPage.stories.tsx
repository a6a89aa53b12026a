import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { LoginPage } from './LoginPage';

const meta = {
  title: 'App/Pages/Login',
  component: LoginPage,
  args: { portal: 'internal', onSubmit: fn() },
  parameters: { route: '/login' },
} satisfies Meta<typeof LoginPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** /login — staff. */
export const Internal: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: '로그인' }));
    await expect(canvas.getByText('아이디를 입력해 주세요.')).toBeInTheDocument();
    await expect(canvas.getByText('비밀번호를 입력해 주세요.')).toBeInTheDocument();
    await expect(args.onSubmit).not.toHaveBeenCalled();

    await userEvent.type(canvas.getByLabelText('아이디'), 'kim.gm');
    await userEvent.type(canvas.getByLabelText('비밀번호'), 'demo-password');
    await userEvent.click(canvas.getByRole('button', { name: '로그인' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ userId: 'kim.gm', password: 'demo-password' });
  },
};

/** /cyberLogin — suppliers. */
export const External: Story = {
  args: { portal: 'external' },
  parameters: { portal: 'external', route: '/cyberLogin' },
};

/** While a login is under way the button waits. */
export const Busy: Story = {
  args: { busy: true },
};
