import type { ReactNode } from 'react';
import { BarePage } from '../../layouts/BarePage';
import type { PortalKind } from '../../layouts/portal-kind';
import styles from './MessagePage.module.css';

export interface MessagePageProps {
  portal: PortalKind;
  /** A short mark above the title: an HTTP status or an error code. */
  badge: string;
  tone?: 'neutral' | 'danger';
  title: string;
  body: string;
  /** Optional fine print, e.g. the error code the server sent. */
  detail?: ReactNode;
  actions: ReactNode;
}

/** One message, centred, with a way onward: the shape of every error and notice page. */
export function MessagePage({ portal, badge, tone = 'neutral', title, body, detail, actions }: MessagePageProps) {
  return (
    <BarePage portal={portal}>
      <section className={styles.panel} aria-labelledby="message-title">
        <div className={[styles.badge, tone === 'danger' ? styles.danger : ''].join(' ')} aria-hidden="true">
          {badge}
        </div>
        <h1 id="message-title" className={styles.title}>
          {title}
        </h1>
        <p className={styles.body}>{body}</p>
        {detail && <p className={styles.detail}>{detail}</p>}
        <div className={styles.actions}>{actions}</div>
      </section>
    </BarePage>
  );
}
