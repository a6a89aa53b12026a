import type { ReactNode } from 'react';
import styles from './Card.module.css';

export interface CardProps {
  title: string;
  /** Small things at the right of the title (a status badge, a refresh button). */
  aside?: ReactNode;
  children: ReactNode;
  /** Lets a test or a screen reader find the card by its title. */
  labelledBy?: string;
}

export function Card({ title, aside, children, labelledBy }: CardProps) {
  return (
    <section className={styles.card} aria-labelledby={labelledBy}>
      <header className={styles.header}>
        <h2 className={styles.title} id={labelledBy}>
          {title}
        </h2>
        {aside}
      </header>
      <div className={styles.body}>{children}</div>
    </section>
  );
}
