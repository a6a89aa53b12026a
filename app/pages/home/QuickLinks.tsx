import { Link } from 'react-router-dom';
import { childrenOf, leavesOf, menuHref } from '../../layouts/menu/menu-tree';
import type { MenuItem } from '../../stores/session';
import { Card } from '../../ui/Card';
import styles from './QuickLinks.module.css';
import { useShellText } from '../../layouts/shell-texts';

/** The screens the user may open, grouped by top-level section: the menu at a glance. */
export function QuickLinks({ menus, isCyber }: { menus: MenuItem[]; isCyber: boolean }) {
  const { t } = useShellText();
  const sections = menus
    .map((top) => ({ top, leaves: leavesOf(childrenOf(top)).map((l) => l.leaf) }))
    .filter((s) => s.leaves.length > 0);
  const total = sections.reduce((n, s) => n + s.leaves.length, 0);
  return (
    <Card
      title={t('home.links.title')}
      labelledBy="quick-links-title"
      aside={<span className={styles.count}>{t('home.links.count', { count: total })}</span>}
    >
      {sections.length === 0 ? (
        <p className={styles.empty}>{t('home.links.empty')}</p>
      ) : (
        <div className={styles.sections}>
          {sections.map(({ top, leaves }) => (
            <section key={top.pgmId} className={styles.section} aria-label={top.pgmName}>
              <h3 className={styles.sectionTitle}>{top.pgmName}</h3>
              <ul className={styles.links}>
                {leaves.map((leaf) => {
                  const href = menuHref(leaf, isCyber);
                  return href ? (
                    <li key={leaf.pgmId}>
                      <Link to={href} className={styles.link}>
                        {leaf.pgmName}
                      </Link>
                    </li>
                  ) : null;
                })}
              </ul>
            </section>
          ))}
        </div>
      )}
    </Card>
  );
}
