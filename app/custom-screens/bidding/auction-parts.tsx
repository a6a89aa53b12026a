import type { ReactNode } from 'react';
import { useEngineText } from '../../../engine/text';
import hidden from '../../../widgets/common/visually-hidden.module.css';
import type { FeedStatus } from './use-auction-feed';
import styles from './auction.module.css';

const T = 'screen.bid.live';

interface TermsOf {
  auctionNo: string;
  title: string;
  currency: string;
  startPrice: string;
  decrementKind: string;
  decrementValue: string;
  startAt: string;
  plannedEndAt: string;
  endAt: string;
  softCloseMinutes: number;
  maxExtensions: number;
  extensions: number;
}

/**
 * The auction's terms as a description list; `children` adds a screen's own facts; `statusText`
 * names the status as the viewer reads it (a supplier's award lost is 낙찰 실패, not 낙찰).
 */
export function Terms({
  detail: d,
  status,
  statusText,
  money,
  at,
  children,
}: {
  detail: TermsOf;
  status: string;
  statusText?: string;
  money: (v: string) => string;
  at: (iso: string) => string;
  children?: ReactNode;
}) {
  const t = useEngineText();
  const moved = d.endAt !== d.plannedEndAt;
  return (
    <section aria-labelledby="auction-terms">
      <h2 id="auction-terms" className={styles.title}>
        {d.auctionNo} · {d.title}
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>{t(`${T}.status`)}</dt>
          <dd data-testid="auction-status">{statusText ?? t(`option.bid.auctionStatus.${status}`)}</dd>
        </div>
        <div>
          <dt>{t(`${T}.startPrice`)}</dt>
          <dd>{money(d.startPrice)}</dd>
        </div>
        <div>
          <dt>{t(`${T}.decrement`)}</dt>
          <dd>
            {d.decrementKind === 'PERCENT'
              ? t(`${T}.decrementPercent`, { value: Number(d.decrementValue) })
              : money(d.decrementValue)}
          </dd>
        </div>
        <div>
          <dt>{t(`${T}.window`)}</dt>
          <dd>
            {at(d.startAt)} ~ <span data-testid="auction-end">{at(d.endAt)}</span>
            {moved && <span className={styles.badge}>{t(`${T}.extended`, { count: d.extensions })}</span>}
          </dd>
        </div>
        {moved && (
          <div>
            <dt>{t(`${T}.plannedEnd`)}</dt>
            <dd>{at(d.plannedEndAt)}</dd>
          </div>
        )}
        <div>
          <dt>{t(`${T}.softClose`)}</dt>
          <dd>
            {d.softCloseMinutes > 0 && d.maxExtensions > 0
              ? t(`${T}.softCloseRule`, { minutes: d.softCloseMinutes, max: d.maxExtensions, used: d.extensions })
              : t(`${T}.noSoftClose`)}
          </dd>
        </div>
        {children}
      </dl>
    </section>
  );
}

/** The feed's connection, said in words (and the server's refusal). */
export function FeedState({ status }: { status: FeedStatus }) {
  const t = useEngineText();
  if (status.state === 'refused')
    return (
      <p role="alert" className={styles.warning}>
        {t(`${T}.refused`, { message: status.message ?? '' })}
      </p>
    );
  const key = status.state === 'open' ? 'live' : status.state;
  return (
    <p
      className={`${styles.feed} ${status.state === 'open' ? styles.feedLive : ''}`}
      data-testid="feed-state"
      data-state={status.state}
    >
      <span aria-hidden="true" className={styles.dot} />
      {t(`${T}.${key}`)}
    </p>
  );
}

/** The polite live region: rank changes, extensions and time milestones are read out, once each. */
export function LiveRegion({ text }: { text: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className={hidden.visuallyHidden}
      data-testid="auction-announcement"
    >
      {text}
    </div>
  );
}

interface LineOf {
  lineNo: number;
  itemName: string;
  spec: string | null;
  unitCode: string;
  quantity: string;
  refUnitPrice?: string;
}

/** The auction's lines (the lot the price is for); the monitor also shows the reference unit prices. */
export function Lines({ lines, money }: { lines: readonly LineOf[]; money?: (v: string) => string }) {
  const t = useEngineText();
  const qty = (q: string) => {
    const [int, frac = ''] = q.split('.');
    const rest = frac.replace(/0+$/, '');
    return `${Number(int).toLocaleString('en-US')}${rest ? `.${rest}` : ''}`;
  };
  return (
    <section aria-labelledby="auction-lines">
      <h3 id="auction-lines" className={styles.h}>
        {t(`${T}.lines`)}
      </h3>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t('screen.bid.f.lineNo')}</th>
            <th scope="col">{t(`${T}.item`)}</th>
            <th scope="col">{t('screen.bid.f.spec')}</th>
            <th scope="col" className={styles.num}>
              {t(`${T}.quantity`)}
            </th>
            {money && (
              <th scope="col" className={styles.num}>
                {t('screen.bid.f.refUnitPrice')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.lineNo}>
              <td>{l.lineNo}</td>
              <td>{l.itemName}</td>
              <td>{l.spec ?? ''}</td>
              <td className={styles.num}>
                {qty(l.quantity)} {l.unitCode}
              </td>
              {money && <td className={styles.num}>{l.refUnitPrice ? money(l.refUnitPrice) : ''}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
