import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { useSessionStore } from '../stores/session';
import { EXTERNAL_MENUS, INTERNAL_MENUS } from './menu/menu-fixture';
import { PortalShell } from './PortalShell';

const meta = {
  title: 'App/Layout/PortalShell',
  component: PortalShell,
  args: { portal: 'internal', children: <p>본문 영역</p> },
  beforeEach: () => {
    useSessionStore.getState().clear();
  },
} satisfies Meta<typeof PortalShell>;

export default meta;
type Story = StoryObj<typeof meta>;

const kim = {
  auth: 'U',
  authGroupId: '30',
  section: 'HQ',
  deptcd: 'D100',
  deptnm: '구매1팀',
  hname: '김구매',
  singleid: 'kim.gm',
};

/** GPMS for staff, nobody logged in: the brand and the page, no menu bar until someone logs in. */
export const Internal: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: /GPMS/ })).toHaveAttribute('href', '/');
    await expect(canvas.queryByRole('navigation', { name: /메뉴/ })).toBeNull();
    await expect(canvas.queryByText('사용할 수 있는 메뉴가 없습니다.')).toBeNull();
  },
};

/** OGPMS for suppliers, in its own colour, with its menus (links get /cyber). */
export const External: Story = {
  args: { portal: 'external' },
  parameters: { portal: 'external', route: '/cyber/deliverInfo' },
  beforeEach: () => {
    useSessionStore.getState().setLogin({ loginData: { ...kim, deptnm: '', hname: '서재훈' }, menus: EXTERNAL_MENUS });
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: /OGPMS/ })).toHaveAttribute('href', '/cyber');
  },
};

/** A logged-in user on a screen: menu bar, breadcrumb of three levels, name and logout in the header. */
export const WithMenus: Story = {
  parameters: { route: '/prList' },
  beforeEach: () => {
    useSessionStore.getState().setLogin({ loginData: kim, menus: INTERNAL_MENUS });
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('header-user')).toHaveTextContent('구매1팀 김구매 님');
    await expect(canvas.getByRole('button', { name: '로그아웃' })).toBeInTheDocument();
    await expect(canvas.getByRole('navigation', { name: '현재 위치' })).toHaveTextContent('구매요청');
  },
};
