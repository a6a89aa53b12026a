import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { EXTERNAL_MENUS, INTERNAL_MENUS } from './menu-fixture';
import { MenuBar } from './MenuBar';
import type { MenuStyle } from './menu-style';

function Stateful(props: { portal: 'internal' | 'external'; menus: typeof INTERNAL_MENUS; initial: MenuStyle }) {
  const [style, setStyle] = useState<MenuStyle>(props.initial);
  return (
    <div data-portal={props.portal} style={{ minHeight: 700 }}>
      <MenuBar portal={props.portal} menus={props.menus} style={style} onStyleChange={setStyle} />
    </div>
  );
}

const meta = {
  title: 'App/Layout/MenuBar',
  component: Stateful,
  args: { portal: 'internal', menus: INTERNAL_MENUS, initial: 'mega' },
  parameters: { route: '/warehousingList' },
} satisfies Meta<typeof Stateful>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Triple-depth mega menu: every section in columns, five per row, 900 px (1200 px from 1600 px wide). */
export const Mega: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /입고\/정산/ }));
    await expect(canvas.getByRole('region', { name: '전체 메뉴' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: '입고현황' })).toHaveAttribute('aria-current', 'page');
  },
};

/** Horizontal menu: one section's entries under its name. */
export const Horizontal: Story = {
  args: { initial: 'horizontal' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /구매관리/ }));
    await expect(canvas.getByRole('region', { name: '구매관리' })).toBeInTheDocument();
  },
};

/** The supplier portal: links carry /cyber. */
export const External: Story = {
  args: { portal: 'external', menus: EXTERNAL_MENUS, initial: 'horizontal' },
  parameters: { portal: 'external', route: '/cyber' },
};
