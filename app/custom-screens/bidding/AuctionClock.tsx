import { useEffect, useRef } from 'react';
import { useEngineText } from '../../../engine/text';
import { clockText, countdown } from './auction-live';
import styles from './auction.module.css';

const T = 'screen.bid.live';

/** Minutes before the end at which the polite live region says the time left. */
const MILESTONES = [10, 5, 1];

export interface AuctionClockProps {
  status: string;
  startAt: string;
  endAt: string;
  /** The server's "now" (client clock + the login's offset), ms. */
  nowMs: number;
  /** Called with a sentence for the screen reader when a milestone (10, 5, 1 minutes left, the end) is passed. */
  onAnnounce?: (text: string) => void;
}

/**
 * The countdown of an auction on the server's clock: "시작까지" before the start, "남은 시간" while
 * open (the end as soft close has moved it), "종료됨" after. The ticking figure is not a live
 * region (a reader would hear every second); milestones go to the screen's polite region instead.
 */
export function AuctionClock({ status, startAt, endAt, nowMs, onAnnounce }: AuctionClockProps) {
  const t = useEngineText();
  const c = countdown(status, startAt, endAt, nowMs);
  const { days, time } = clockText(c.ms);
  const said = useRef<{ endAt: string; passed: Set<number>; ended: boolean } | null>(null);
  useEffect(() => {
    if (!onAnnounce) return;
    // A moved end (soft close) starts the milestones again.
    if (said.current?.endAt !== endAt)
      said.current = {
        endAt,
        passed: new Set(MILESTONES.filter((m) => c.ms <= m * 60_000)),
        ended: c.phase === 'ended',
      };
    const s = said.current;
    if (c.phase === 'timeLeft') {
      const due = MILESTONES.find((m) => c.ms <= m * 60_000 && !s.passed.has(m));
      if (due !== undefined) {
        for (const m of MILESTONES) if (m >= due) s.passed.add(m);
        onAnnounce(t(`${T}.announceMinutes`, { minutes: due }));
      }
    } else if (c.phase === 'ended' && !s.ended && status !== 'CANCELLED') {
      s.ended = true;
      onAnnounce(t(`${T}.announceEnded`));
    }
  }, [c.ms, c.phase, endAt, onAnnounce, status, t]);

  const urgent = c.phase === 'timeLeft' && c.ms <= 60_000;
  return (
    <div className={styles.tile} data-testid="auction-clock" data-phase={c.phase} data-end={endAt}>
      <span className={styles.tileLabel}>{t(`${T}.${c.phase}`)}</span>
      <span
        className={`${styles.tileValue} ${styles.clock} ${urgent ? styles.urgent : ''}`}
        role="timer"
        aria-label={t(`${T}.${c.phase}`)}
      >
        {c.phase === 'ended' ? '—' : days > 0 ? t(`${T}.days`, { days, time }) : time}
      </span>
    </div>
  );
}
