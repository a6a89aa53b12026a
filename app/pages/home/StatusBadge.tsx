import styles from './StatusBadge.module.css';

export type StatusTone = 'ok' | 'warning' | 'danger' | 'pending';

export function StatusBadge({ tone, children }: { tone: StatusTone; children: string }) {
  return <span className={`${styles.badge} ${styles[tone]}`}>{children}</span>;
}
