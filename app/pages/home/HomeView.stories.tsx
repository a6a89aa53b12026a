import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { EXTERNAL_MENUS, INTERNAL_MENUS } from '../../layouts/menu/menu-fixture';
import { PortalShell } from '../../layouts/PortalShell';
import { HomeView } from './HomeView';

const at = new Date('2025-03-14T09:30:00+09:00');

const resources = {
  status: 'success' as const,
  at,
  data: {
    consts: {
      gridVisibleRows: 10,
      gridRowHeight: 27,
      gridHeaderHeight: 30,
      uploadLimitMb: 10,
      defaultLanguage: 'ko_KR',
    },
    locale: [
      { lang: 'ko', name: '한국어' },
      { lang: 'en', name: 'English' },
    ],
    message: { 'common.save': '저장', 'common.cancel': '취소', 'common.search': '조회' },
  },
};

const meta = {
  title: 'App/Pages/Home',
  component: HomeView,
  args: {
    portal: 'internal',
    today: at,
    readiness: { status: 'success', at, data: { status: 'ok', database: 'pglite' } },
    resources,
    onRecheck: fn(),
    onRetryResources: fn(),
  },
  decorators: [
    (Story, { args }) => (
      <PortalShell portal={args.portal}>
        <Story />
      </PortalShell>
    ),
  ],
} satisfies Meta<typeof HomeView>;

export default meta;
type Story = StoryObj<typeof meta>;

const kim = {
  auth: '',
  authGroupId: '30',
  section: 'D1000',
  deptcd: 'D1100',
  deptnm: '구매팀',
  hname: '김구매',
  singleid: 'E000123',
};
const kimUser = {
  userId: 'buyer',
  portal: 'I' as const,
  tokenKey: 's',
  ip: '10.20.30.40',
  lastLoginIp: '10.20.30.41',
  lastLoginDate: '2025-03-13T08:12:00+09:00',
  createdDate: null,
  expiredDate: '2025-03-14T21:30:00+09:00',
  hname: '김구매',
  ename: 'Kim Gumae',
  cellPhoneNo: null,
  phoneNo: null,
  email: null,
  authGroupName: '사용자',
  sectionName: '본사',
  compNo: null,
  compNameKr: null,
};

/** Internal home, everything answering, nobody logged in (system cards only). */
export const Internal: Story = {};

/** Internal home of a logged-in buyer: quick links from the menus, this and the previous login. */
export const InternalLoggedIn: Story = {
  args: { loginData: kim, user: kimUser, menus: INTERNAL_MENUS },
};

/** External home of a supplier. */
export const ExternalLoggedIn: Story = {
  args: {
    portal: 'external',
    loginData: { ...kim, deptnm: '', hname: '서재훈', authGroupId: '60' },
    user: {
      ...kimUser,
      portal: 'X',
      hname: '서재훈',
      authGroupName: '협력사사용자',
      compNo: 'C00001',
      compNameKr: '㈜대한정밀',
      lastLoginDate: null,
    },
    menus: EXTERNAL_MENUS,
  },
  parameters: { portal: 'external', route: '/cyber' },
};

/** External (supplier) home on PostgreSQL. */
export const External: Story = {
  args: { portal: 'external', readiness: { status: 'success', at, data: { status: 'ok', database: 'postgres' } } },
  parameters: { portal: 'external', route: '/cyber' },
};

/** Both cards waiting for their answers. */
export const Loading: Story = {
  args: { readiness: { status: 'loading' }, resources: { status: 'loading' } },
};

/** The resources endpoint fails: a friendly message and a retry, the rest of the page intact. */
export const ResourcesUnavailable: Story = {
  args: { resources: { status: 'error', at, error: new Error('HTTP 404') } },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByText('공통 리소스를 불러오지 못했습니다')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: '다시 시도' }));
    await expect(args.onRetryResources).toHaveBeenCalledTimes(1);
  },
};

/** The server cannot be reached at all. */
export const ServerDown: Story = {
  args: {
    readiness: { status: 'error', at, error: new Error('Failed to fetch') },
    resources: { status: 'error', at, error: new Error('Failed to fetch') },
  },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByText('서버에 연결할 수 없습니다.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: '다시 확인' }));
    await expect(args.onRecheck).toHaveBeenCalledTimes(1);
  },
};

/** The database answers "unavailable" (503). */
export const DatabaseUnavailable: Story = {
  args: { readiness: { status: 'success', at, data: { status: 'unavailable', database: 'postgres' } } },
};
