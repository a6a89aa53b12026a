import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { expect } from 'storybook/test';
import { DialogHost } from './DialogHost';
import { dialogs, useDialogStore } from './dialogs';

function Demo({ kind }: { kind: 'alert' | 'confirm' }) {
  useEffect(() => {
    if (kind === 'alert')
      void dialogs.alert({
        title: '로그인 정보',
        message: '로그아웃 시간이 초과되어 로그아웃되었습니다. 다시 로그인하세요.',
      });
    else void dialogs.confirm({ title: '오류', message: '인가된 시스템이 아닙니다. 다시 시도하시겠습니까?' });
    return () => useDialogStore.getState().reset();
  }, [kind]);
  return <DialogHost />;
}

const meta = {
  title: 'App/UI/Dialogs',
  component: Demo,
  args: { kind: 'alert' },
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Spec §4: the login-info alert before a timed-out user goes to the login page. */
export const Alert: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alertdialog', { name: '로그인 정보' })).toBeInTheDocument();
  },
};

/** Spec §8: AUTH006 offers a retry. */
export const Confirm: Story = { args: { kind: 'confirm' }, tags: ['error-dialog'] };
