import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { homePath } from '../../router/portal';
import { useLinkPrefetch, usePrefetchWhenShown } from '../../router/prefetch';
import type { MenuItem } from '../../stores/session';
import type { PortalKind } from '../portal-kind';
import styles from './Breadcrumb.module.css';
import { childrenOf, firstLeaf, menuHref, menuTrail } from './menu-tree';
import { useShellText } from '../shell-texts';

/** Spec §2: the breadcrumb shows three menu levels. */
const BREADCRUMB_LEVELS = 3;

function Level({
  current,
  siblings,
  isCyber,
  last,
}: {
  current: MenuItem;
  siblings: MenuItem[];
  isCyber: boolean;
  last: boolean;
}) {
  const { t } = useShellText();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    const onClick = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  const choose = (item: MenuItem) => {
    setOpen(false);
    const leaf = firstLeaf(item);
    const href = leaf ? menuHref(leaf, isCyber) : null;
    if (href) void navigate(href);
  };

  return (
    <div className={styles.level} ref={ref}>
      <button
        type="button"
        className={[styles.trigger, last ? styles.current : ''].join(' ')}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={t('breadcrumb.switch', { name: current.pgmName })}
        onClick={() => setOpen((o) => !o)}
      >
        <span>{current.pgmName}</span>
        <span className={styles.caret} aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        <ul
          id={listId}
          className={styles.list}
          role="listbox"
          aria-label={t('breadcrumb.siblings', { name: current.pgmName })}
        >
          {siblings.map((s) => {
            const reachable = firstLeaf(s) !== null;
            return (
              <li
                key={s.pgmId}
                role="option"
                aria-selected={s.pgmId === current.pgmId}
                aria-disabled={!reachable || undefined}
              >
                <button type="button" className={styles.option} disabled={!reachable} onClick={() => choose(s)}>
                  {s.pgmName}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/**
 * Spec §2: where the page sits in the menu — up to three levels, each a dropdown of its
 * siblings; choosing one opens it (a group opens its first screen). The home page shows just
 * the home link.
 */
export function Breadcrumb({ portal, menus }: { portal: PortalKind; menus: MenuItem[] }) {
  const { t } = useShellText();
  const location = useLocation();
  const isCyber = portal === 'external';
  const trail = menuTrail(menus, location.pathname, isCyber).slice(0, BREADCRUMB_LEVELS);
  const prefetchLinks = useLinkPrefetch();
  // Home is one click away from every page: its code is fetched once the link is shown.
  usePrefetchWhenShown(homePath(isCyber));
  return (
    <nav className={styles.breadcrumb} aria-label={t('breadcrumb.label')} {...prefetchLinks}>
      <ol className={styles.items}>
        <li className={styles.item}>
          <Link to={homePath(isCyber)} className={styles.home}>
            {t('breadcrumb.home')}
          </Link>
        </li>
        {trail.map((node, level) => (
          <li key={node.pgmId} className={styles.item}>
            <span className={styles.separator} aria-hidden="true">
              ›
            </span>
            <Level
              current={node}
              siblings={level === 0 ? menus : childrenOf(trail[level - 1])}
              isCyber={isCyber}
              last={level === trail.length - 1}
            />
          </li>
        ))}
      </ol>
    </nav>
  );
}
