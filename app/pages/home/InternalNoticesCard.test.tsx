import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXTERNAL_MENUS, INTERNAL_MENUS } from '../../layouts/menu/menu-fixture';
import { useSessionStore } from '../../stores/session';
import { renderPage } from '../../testing/render-page';
import { InternalNoticesCard } from './InternalNoticesCard';

const loginData = {
  auth: '',
  authGroupId: '30',
  section: 'D1000',
  deptcd: 'D1100',
  deptnm: '구매팀',
  hname: '김구매',
  singleid: 'E1',
};
const NOTICES = {
  rows: [
    {
      postId: 7,
      board: 'NOTICE',
      category: null,
      title: '시스템 점검 안내',
      body: '토요일 22시부터\n<b>2시간</b>',
      pinned: 'Y',
      showFrom: null,
      showTo: null,
      fileId: null,
      createdBy: 'admin',
      writerName: '관리자',
      createdAt: '2026-11-22T16:30:00.000Z',
      updatedAt: '2026-11-22T16:30:00.000Z',
      version: 1,
    },
    {
      postId: 5,
      board: 'NOTICE',
      category: null,
      title: '연말 결산 일정',
      body: '12월 20일 마감',
      pinned: 'N',
      showFrom: '2026-11-20',
      showTo: null,
      fileId: null,
      createdBy: 'admin',
      writerName: '관리자',
      createdAt: '2026-11-19T01:00:00.000Z',
      updatedAt: '2026-11-19T01:00:00.000Z',
      version: 1,
    },
  ],
  total: 2,
};

function stub(answer: () => Response) {
  const fetchMock = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const urlOf = (call: unknown[]) =>
  new URL(call[0] instanceof Request ? call[0].url : String(call[0]), 'http://localhost');

/** The internal home's notices card (screens.md "my pending approvals, recent PRs/POs, notices"). */
describe('InternalNoticesCard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.getState().clear();
  });

  it('lists the newest notices, pinned marked, each opening to its text as text; links to the board', async () => {
    const fetchMock = stub(() => Response.json(NOTICES));
    useSessionStore.getState().setLogin({ loginData, user: null, menus: INTERNAL_MENUS });
    renderPage(<InternalNoticesCard />);
    const card = screen.getByRole('region', { name: '공지사항' });
    const list = await within(card).findByTestId('internal-notices');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('summary')!.textContent),
    ).toEqual([
      '[고정] 시스템 점검 안내 2026-11-23', // 01:30 on the 23rd in Korea
      '연말 결산 일정 2026-11-20',
    ]);
    // The body is text: the markup typed into it is not rendered.
    expect(within(list).getByText(/<b>2시간<\/b>/)).toBeInTheDocument();
    // The link says where it goes on its own, as the other cards' do (KWCAG 6.4.3).
    expect(within(card).getByRole('link', { name: '공지사항 전체 보기' })).toHaveAttribute('href', '/board/notice');
    const url = urlOf(fetchMock.mock.calls[0]);
    expect(url.pathname).toBe('/api/v1/board/notices');
    expect(url.searchParams.get('size')).toBe('5');
  });

  it('says so when there are none', async () => {
    stub(() => Response.json({ rows: [], total: 0 }));
    useSessionStore.getState().setLogin({ loginData, user: null, menus: INTERNAL_MENUS });
    renderPage(<InternalNoticesCard />);
    expect(await screen.findByText('공지사항이 없습니다.')).toBeInTheDocument();
  });

  it('a failed load is told in an alert with a retry', async () => {
    const fetchMock = stub(() => Response.json({ statusCode: 500, code: 'X', msg: '오류' }, { status: 500 }));
    useSessionStore.getState().setLogin({ loginData, user: null, menus: INTERNAL_MENUS });
    renderPage(<InternalNoticesCard />);
    expect(await screen.findByRole('alert')).toHaveTextContent('공지사항을 불러오지 못했습니다.');
    const before = fetchMock.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    await vi.waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(before));
  });

  it('a user whose menus do not open the board sees no card and sends nothing', () => {
    const fetchMock = stub(() => Response.json(NOTICES));
    useSessionStore.getState().setLogin({ loginData, user: null, menus: EXTERNAL_MENUS });
    renderPage(<InternalNoticesCard />);
    expect(screen.queryByRole('region', { name: '공지사항' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
