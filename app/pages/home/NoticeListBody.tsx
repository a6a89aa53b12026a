import { formatInstant } from '../../../lib/date';
import type { AsyncState } from '../../hooks/use-async';
import { Button } from '../../ui/Button';
import styles from './HomeCards.module.css';

/** A notice as both homes' lists answer it (the internal board's posts, the supplier notices). */
export interface NoticeItem {
  postId: number | string;
  pinned: string;
  title: string;
  body: string;
  showFrom?: string | null;
  createdAt: string;
}

export interface NoticeListTexts {
  empty: string;
  pinned: string;
  error: string;
  retry: string;
}

/**
 * The body of a home's notices card: loading, an error with a retry, "no notices", or the titles
 * with their date, each opening to its text — rendered as text (React escapes it; line breaks
 * kept by CSS), never as markup.
 */
export function NoticeListBody({
  state,
  texts,
  testId,
}: {
  state: AsyncState<readonly NoticeItem[]> & { reload: () => void };
  texts: NoticeListTexts;
  testId: string;
}) {
  if (state.status === 'loading') {
    return (
      <p className={styles.muted} role="status">
        …
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className={styles.problem} role="alert">
        <span className={styles.problemBody}>{texts.error}</span>
        <Button variant="secondary" onClick={() => state.reload()}>
          {texts.retry}
        </Button>
      </div>
    );
  }
  if (state.data.length === 0) return <p className={styles.muted}>{texts.empty}</p>;
  return (
    <ul data-testid={testId} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 }}>
      {state.data.map((n) => (
        <li key={n.postId}>
          <details>
            <summary>
              {n.pinned === 'Y' && <strong>[{texts.pinned}] </strong>}
              {n.title} <span className={styles.muted}>{n.showFrom ?? formatInstant(n.createdAt, 'yyyy-MM-dd')}</span>
            </summary>
            <p style={{ whiteSpace: 'pre-wrap', margin: '6px 0 0 16px' }}>{n.body}</p>
          </details>
        </li>
      ))}
    </ul>
  );
}
