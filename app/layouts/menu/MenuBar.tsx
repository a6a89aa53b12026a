import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useLinkPrefetch } from '../../router/prefetch';
import type { MenuItem } from '../../stores/session';
import type { PortalKind } from '../portal-kind';
import styles from './MenuBar.module.css';
import type { MenuStyle } from './menu-style';
import { childrenOf, isLeaf, megaMenuWidth, menuHref, menuRows, menuTrail } from './menu-tree';
import { useViewportWidth } from './use-viewport-width';
import { useShellText } from '../shell-texts';

export interface MenuBarProps {
  portal: PortalKind;
  menus: MenuItem[];
  style: MenuStyle;
  onStyleChange: (style: MenuStyle) => void;
}

/** A leaf as a link; a group as a heading with its entries below. */
function Entry({
  item,
  isCyber,
  depth,
  activeIds,
  onNavigate,
}: {
  item: MenuItem;
  isCyber: boolean;
  depth: number;
  activeIds: Set<string>;
  onNavigate: () => void;
}) {
  const href = menuHref(item, isCyber);
  if (href) {
    return (
      <li>
        <NavLink to={href} className={styles.link} onClick={onNavigate} end>
          {item.pgmName}
        </NavLink>
      </li>
    );
  }
  if (isLeaf(item)) return null;
  const kids = childrenOf(item);
  return (
    <li className={styles.group}>
      <span
        className={[
          styles.groupName,
          depth > 1 ? styles.groupNameDeep : '',
          activeIds.has(item.pgmId) ? styles.groupActive : '',
        ].join(' ')}
      >
        {item.pgmName}
      </span>
      {kids.length > 0 && (
        <ul className={styles.entries}>
          {kids.map((k) => (
            <Entry
              key={k.pgmId}
              item={k}
              isCyber={isCyber}
              depth={depth + 1}
              activeIds={activeIds}
              onNavigate={onNavigate}
            />
          ))}
        </ul>
      )}
    </li>
  );
}

/** One top-level section as a column: its second-level groups and their leaves. */
function Column({
  top,
  isCyber,
  highlighted,
  activeIds,
  onNavigate,
}: {
  top: MenuItem;
  isCyber: boolean;
  highlighted: boolean;
  activeIds: Set<string>;
  onNavigate: () => void;
}) {
  const href = menuHref(top, isCyber);
  return (
    <div
      className={[styles.column, highlighted ? styles.columnHighlighted : ''].join(' ')}
      data-menu-section={top.pgmId}
    >
      <h3 className={styles.columnTitle}>
        {href ? (
          <NavLink to={href} onClick={onNavigate} className={styles.link}>
            {top.pgmName}
          </NavLink>
        ) : (
          top.pgmName
        )}
      </h3>
      <ul className={styles.entries}>
        {childrenOf(top).map((k) => (
          <Entry key={k.pgmId} item={k} isCyber={isCyber} depth={1} activeIds={activeIds} onNavigate={onNavigate} />
        ))}
      </ul>
    </div>
  );
}

/**
 * The portal's main menu (spec §2, §9). The bar lists the top-level sections. In the mega style
 * a section opens one wide panel with ALL sections as columns — five per row, 900 px wide below
 * the 1600 px breakpoint and 1200 px from it — each showing its second- and third-level entries.
 * In the horizontal style a section opens a dropdown of its own entries only. Only leaves
 * navigate; the user switches style with the toggle at the end of the bar.
 */
export function MenuBar({ portal, menus, style, onStyleChange }: MenuBarProps) {
  const { t } = useShellText();
  const isCyber = portal === 'external';
  const location = useLocation();
  const [open, setOpen] = useState<string | null>(null);
  const rootRef = useRef<HTMLElement>(null);
  const panelId = useId();
  const width = megaMenuWidth(useViewportWidth());
  const activeIds = new Set(menuTrail(menus, location.pathname, isCyber).map((m) => m.pgmId));

  // Close when the page changes, on Escape and on a click elsewhere.
  const [shownFor, setShownFor] = useState(location.key);
  if (shownFor !== location.key) {
    setShownFor(location.key);
    if (open !== null) setOpen(null);
  }
  useEffect(() => {
    if (open === null) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(null);
    };
    const onClick = (e: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  // The panel shows every section: the one clicked may sit far below the fold (화면 스튜디오 under
  // 포털관리), so the panel scrolls it into view.
  const megaRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (style !== 'mega' || open === null || !megaRef.current) return;
    const panel = megaRef.current;
    const column = [...panel.querySelectorAll<HTMLElement>('[data-menu-section]')].find(
      (el) => el.dataset.menuSection === open,
    );
    if (!column) return;
    // The panel alone scrolls, so the section's title is at its top (a section may be longer than the panel).
    const offset = column.getBoundingClientRect().top - panel.getBoundingClientRect().top;
    panel.scrollTop += offset - Number.parseFloat(getComputedStyle(panel).paddingTop || '0');
  }, [open, style]);

  const close = () => setOpen(null);
  const prefetchLinks = useLinkPrefetch();
  const openItem = menus.find((m) => m.pgmId === open) ?? null;

  return (
    <nav ref={rootRef} className={styles.nav} aria-label={t('nav.label')} data-menu-style={style} {...prefetchLinks}>
      <div className={styles.bar}>
        <ul className={styles.topList}>
          {menus.map((top) => {
            const href = menuHref(top, isCyber);
            const active = activeIds.has(top.pgmId);
            if (href) {
              return (
                <li key={top.pgmId}>
                  <NavLink to={href} className={[styles.top, active ? styles.topActive : ''].join(' ')} end>
                    {top.pgmName}
                  </NavLink>
                </li>
              );
            }
            return (
              <li key={top.pgmId}>
                <button
                  type="button"
                  className={[
                    styles.top,
                    active ? styles.topActive : '',
                    open === top.pgmId ? styles.topOpen : '',
                  ].join(' ')}
                  aria-expanded={open === top.pgmId}
                  aria-controls={panelId}
                  onClick={() => setOpen((o) => (o === top.pgmId ? null : top.pgmId))}
                >
                  {top.pgmName}
                  <span className={styles.caret} aria-hidden="true">
                    ▾
                  </span>
                </button>
                {style === 'horizontal' && open === top.pgmId && (
                  <div id={panelId} className={styles.dropdown} role="region" aria-label={top.pgmName}>
                    <ul className={styles.entries}>
                      {childrenOf(top).map((k) => (
                        <Entry
                          key={k.pgmId}
                          item={k}
                          isCyber={isCyber}
                          depth={1}
                          activeIds={activeIds}
                          onNavigate={close}
                        />
                      ))}
                    </ul>
                  </div>
                )}
              </li>
            );
          })}
          {menus.length === 0 && <li className={styles.empty}>{t('nav.empty')}</li>}
        </ul>
        <div className={styles.styleSwitch} role="group" aria-label={t('nav.styleLabel')}>
          {(['mega', 'horizontal'] as const).map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={style === s}
              className={styles.styleOption}
              onClick={() => onStyleChange(s)}
            >
              {t(`nav.style.${s}`)}
            </button>
          ))}
        </div>
      </div>
      {style === 'mega' && openItem && (
        <div
          ref={megaRef}
          id={panelId}
          className={styles.mega}
          style={{ width }}
          role="region"
          aria-label={t('nav.allMenus')}
          data-width={width}
        >
          {menuRows(menus.filter((m) => !menuHref(m, isCyber))).map((row, i) => (
            <div key={i} className={styles.megaRow}>
              {row.map((top) => (
                <Column
                  key={top.pgmId}
                  top={top}
                  isCyber={isCyber}
                  highlighted={top.pgmId === open}
                  activeIds={activeIds}
                  onNavigate={close}
                />
              ))}
            </div>
          ))}
        </div>
      )}
    </nav>
  );
}
