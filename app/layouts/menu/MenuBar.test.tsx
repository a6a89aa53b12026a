import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../testing/render-page';
import { EXTERNAL_MENUS, INTERNAL_MENUS } from './menu-fixture';
import { MenuBar } from './MenuBar';
import type { MenuStyle } from './menu-style';

function Harness({
  initial,
  portal = 'internal',
  menus = INTERNAL_MENUS,
}: {
  initial: MenuStyle;
  portal?: 'internal' | 'external';
  menus?: typeof INTERNAL_MENUS;
}) {
  const [style, setStyle] = useState<MenuStyle>(initial);
  return <MenuBar portal={portal} menus={menus} style={style} onStyleChange={setStyle} />;
}

describe('MenuBar', () => {
  it('mega: one section opens a panel of all sections, five columns per row, three levels deep', async () => {
    renderPage(<Harness initial="mega" />, { path: '/warehousingList' });
    const nav = screen.getByRole('navigation', { name: '주 메뉴' });
    await userEvent.click(within(nav).getByRole('button', { name: /포털관리/ }));
    const panel = screen.getByRole('region', { name: '전체 메뉴' });
    expect(panel).toHaveAttribute('data-width', '900');
    expect(panel.children).toHaveLength(2);
    expect(panel.children[0].children).toHaveLength(5);
    // Level 1 titles, level 2 headings, level 3 links.
    expect(within(panel).getByRole('heading', { name: '입고/정산' })).toBeInTheDocument();
    expect(within(panel).getByText('정산')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: '월정산' })).toHaveAttribute('href', '/monthlyCalcAdmin');
    // Groups never navigate.
    expect(within(panel).queryByRole('link', { name: '입고' })).toBeNull();
    // The current screen is marked.
    expect(within(panel).getByRole('link', { name: '입고현황' })).toHaveAttribute('aria-current', 'page');
  });

  it('horizontal: a section opens only its own entries', async () => {
    renderPage(<Harness initial="horizontal" />);
    await userEvent.click(screen.getByRole('button', { name: /입고\/정산/ }));
    const drop = screen.getByRole('region', { name: '입고/정산' });
    expect(within(drop).getByRole('link', { name: '입고현황' })).toBeInTheDocument();
    expect(within(drop).queryByRole('link', { name: '구매요청' })).toBeNull();
    expect(screen.queryByRole('region', { name: '전체 메뉴' })).toBeNull();
  });

  it('switches style, closes on Escape and on a second click', async () => {
    renderPage(<Harness initial="mega" />);
    await userEvent.click(screen.getByRole('button', { name: '가로 메뉴' }));
    expect(screen.getByRole('button', { name: '가로 메뉴' })).toHaveAttribute('aria-pressed', 'true');
    const top = screen.getByRole('button', { name: /구매관리/ });
    await userEvent.click(top);
    expect(top).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(top).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(top);
    await userEvent.click(top);
    expect(top).toHaveAttribute('aria-expanded', 'false');
  });

  it('prefixes /cyber in the external portal', async () => {
    renderPage(<Harness initial="horizontal" portal="external" menus={EXTERNAL_MENUS} />, { path: '/cyber' });
    await userEvent.click(screen.getByRole('button', { name: /견적/ }));
    expect(screen.getByRole('link', { name: '견적요청 확인' })).toHaveAttribute('href', '/cyber/prCheckList');
  });

  it('says so when there are no menus', () => {
    renderPage(<Harness initial="mega" menus={[]} />);
    expect(screen.getByText('사용할 수 있는 메뉴가 없습니다.')).toBeInTheDocument();
  });
});
