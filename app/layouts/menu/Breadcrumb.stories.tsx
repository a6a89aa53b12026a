import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Breadcrumb } from './Breadcrumb';
import { EXTERNAL_MENUS, INTERNAL_MENUS } from './menu-fixture';

const meta = {
  title: 'App/Layout/Breadcrumb',
  component: Breadcrumb,
  args: { portal: 'internal', menus: INTERNAL_MENUS },
  parameters: { route: '/warehousingList', layout: 'padded' },
  decorators: [
    (Story) => (
      <div style={{ minHeight: 240 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Breadcrumb>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three levels; each is a dropdown of its siblings. */
export const ThreeLevels: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^입고현황 —/ }));
    await expect(canvas.getByRole('listbox')).toHaveTextContent('입고품목현황');
  },
};

/** A sub-screen (an edit page) shows the trail of its list's menu. */
export const SubScreen: Story = { parameters: { route: '/prEdit' } };

/** Home: just the home link. */
export const Home: Story = { parameters: { route: '/' } };

/** External portal. */
export const External: Story = {
  args: { portal: 'external', menus: EXTERNAL_MENUS },
  parameters: { route: '/cyber/deliverInfo', portal: 'external' },
};
