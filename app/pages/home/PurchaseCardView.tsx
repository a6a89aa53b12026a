import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { AsyncState } from '../../hooks/use-async';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { useHomePurchaseText } from './home-texts';
import styles from './PurchaseCards.module.css';

/** One document on a home card: its number links to the document's screen. */
interface HomeListItem {
  key: string;
  href: string;
  docNo: string;
  /** The document type's text (구매요청, 발주 …), when the card mixes types. */
  kind?: string;
  title: string;
  status?: string;
  amount?: string;
  meta: string[];
}

export interface HomeList {
  items: HomeListItem[];
  total: number;
}

export interface PurchaseCardViewProps {
  id: string;
  title: string;
  state: AsyncState<HomeList>;
  emptyText: string;
  onRetry: () => void;
  /** Above the list (the document-type filter). */
  toolbar?: ReactNode;
  /** The full list: a link to its screen, or a button that lists every row in the card. */
  more?: { href: string; label: string } | { onClick: () => void; label: string };
}

/** A purchasing card of the home page, without fetching: a short list of documents with links. */
export function PurchaseCardView({ id, title, state, emptyText, onRetry, toolbar, more }: PurchaseCardViewProps) {
  const { t } = useHomePurchaseText();
  const titleId = `${id}-title`;
  const count =
    state.status === 'success' ? (
      <span className={styles.count}>{t('homePurchase.total', { count: state.data.total })}</span>
    ) : undefined;
  return (
    <Card title={title} labelledBy={titleId} aside={count}>
      {toolbar}
      {state.status === 'loading' && (
        <p className={styles.muted} role="status">
          {t('homePurchase.loading')}
        </p>
      )}
      {state.status === 'error' && (
        <div className={styles.problem} role="alert">
          <span className={styles.problemTitle}>{t('homePurchase.errorTitle')}</span>
          <Button variant="secondary" onClick={() => onRetry()}>
            {t('homePurchase.retry')}
          </Button>
        </div>
      )}
      {state.status === 'success' &&
        (state.data.items.length === 0 ? (
          <p className={styles.empty}>{emptyText}</p>
        ) : (
          <ul className={styles.list} aria-labelledby={titleId}>
            {state.data.items.map((item) => (
              <li key={item.key} className={styles.item}>
                <span className={styles.first}>
                  {item.kind && <span className={styles.kind}>{item.kind}</span>}
                  <Link to={item.href} className={styles.docNo}>
                    {item.docNo}
                  </Link>
                  <span className={styles.title} title={item.title}>
                    {item.title}
                  </span>
                </span>
                {item.status ? <span className={styles.status}>{item.status}</span> : <span />}
                <span className={styles.meta}>
                  {item.meta.filter(Boolean).map((m, i) => (
                    <span key={i}>{m}</span>
                  ))}
                </span>
                {item.amount ? <span className={styles.amount}>{item.amount}</span> : <span />}
              </li>
            ))}
          </ul>
        ))}
      {more &&
        ('href' in more ? (
          <Link to={more.href} className={styles.more}>
            {more.label} →
          </Link>
        ) : (
          <button
            type="button"
            className={`${styles.more} ${styles.moreButton}`}
            onClick={more.onClick}
            data-action="more"
          >
            {more.label} →
          </button>
        ))}
    </Card>
  );
}
