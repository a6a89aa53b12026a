import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ExternalLoginFlow } from './ExternalLoginFlow';
import { LoginPage } from './LoginPage';

const sent = async () => ({
  ok: true as const,
  data: { code: 'OK' as const, channel: 'SMS' as const, destination: '010-****-8112', expiresIn: 180 },
});

const meta = {
  title: 'App/Pages/Login/ExternalFlow',
  component: ExternalLoginFlow,
  args: {
    api: { cyberLogin: sent },
    verify: fn(async () => ({ ok: false as const, status: 401, code: 'AUTH013', msg: null })),
  },
  parameters: { portal: 'external', route: '/cyberLogin' },
  decorators: [
    (Story) => (
      <LoginPage portal="external">
        <Story />
      </LoginPage>
    ),
  ],
} satisfies Meta<typeof ExternalLoginFlow>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Step 1: id, password and where the code goes. */
export const Credentials: Story = {};

/** Step 2 with a wrong code: the spec's AUTH013 message. */
export const WrongCode: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('아이디'), 'supplier1');
    await userEvent.type(canvas.getByLabelText('비밀번호'), 'Gpms!2345');
    await userEvent.click(canvas.getByRole('button', { name: '인증번호 받기' }));
    await userEvent.type(await canvas.findByLabelText('인증번호 6자리'), '000000');
    await userEvent.click(canvas.getByRole('button', { name: '확인' }));
    await expect(await canvas.findByRole('alert')).toBeInTheDocument();
  },
};

/** No cell phone registered: offers e-mail instead. */
export const NoCellPhone: Story = {
  args: {
    api: { cyberLogin: async () => ({ ok: false as const, status: 400, code: 'OTP_NO_CELL_PHONE', msg: null }) },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('아이디'), 'supplier2');
    await userEvent.type(canvas.getByLabelText('비밀번호'), 'Gpms!2345');
    await userEvent.click(canvas.getByRole('button', { name: '인증번호 받기' }));
    await expect(await canvas.findByRole('button', { name: '이메일로 받기' })).toBeInTheDocument();
  },
};
