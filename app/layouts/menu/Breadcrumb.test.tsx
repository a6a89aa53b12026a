import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route, Routes, useLocation } from 'react-router-dom';
import { renderPage } from '../../testing/render-page';
import { Breadcrumb } from './Breadcrumb';
import { EXTERNAL_MENUS, INTERNAL_MENUS } from './menu-fixture';

function Where() {
  const { pathname } = useLocation();
  return <output aria-label="where">{pathname}</output>;
}

function Page({ portal = 'internal' as 'internal' | 'external', menus = INTERNAL_MENUS }) {
  return (
    <Routes>
      <Route
        path="*"
        element={
          <>
            <Breadcrumb portal={portal} menus={menus} />
            <Where />
          </>
        }
      />
    </Routes>
  );
}

const crumbs = () => within(screen.getByRole('navigation', { name: '현재 위치' })).getAllByRole('listitem');

describe('Breadcrumb', () => {
  it('shows home and the three menu levels of the screen', () => {
    renderPage(<Page />, { path: '/warehousingList' });
    expect(crumbs().map((li) => li.textContent?.replace(/[›▾]/g, '').trim())).toEqual([
      '홈',
      '입고/정산',
      '입고',
      '입고현황',
    ]);
  });

  it('shows just home on the home page', () => {
    renderPage(<Page />, { path: '/' });
    expect(crumbs()).toHaveLength(1);
  });

  it('each level is a dropdown of its siblings that switches the page', async () => {
    renderPage(<Page />, { path: '/warehousingList' });
    await userEvent.click(screen.getByRole('button', { name: /^입고현황 —/ }));
    const list = screen.getByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['입고현황', '입고품목현황']);
    expect(within(list).getByRole('option', { name: '입고현황' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(within(list).getByRole('button', { name: '입고품목현황' }));
    expect(screen.getByRole('status', { name: 'where' })).toHaveTextContent('/warehousingItemList');
  });

  it('choosing a group at a higher level opens its first screen; empty groups are disabled', async () => {
    renderPage(<Page />, { path: '/portal/author/menuManage' });
    await userEvent.click(screen.getByRole('button', { name: /^권한관리 —/ }));
    expect(screen.getByRole('button', { name: '준비중 메뉴' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /^포털관리 —/ }));
    await userEvent.click(screen.getByRole('button', { name: '구매관리' }));
    expect(screen.getByRole('status', { name: 'where' })).toHaveTextContent('/prList');
  });

  it('stays in the external portal', async () => {
    renderPage(<Page portal="external" menus={EXTERNAL_MENUS} />, { path: '/cyber/prCheckEdit' });
    expect(
      within(screen.getByRole('navigation', { name: '현재 위치' })).getByRole('link', { name: '홈' }),
    ).toHaveAttribute('href', '/cyber');
    await userEvent.click(screen.getByRole('button', { name: /^견적 —/ }));
    await userEvent.click(screen.getByRole('button', { name: '납품' }));
    expect(screen.getByRole('status', { name: 'where' })).toHaveTextContent('/cyber/deliverInfo');
  });
});
