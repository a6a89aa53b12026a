/**
 * 역경매 입찰 (/cyber/bid/auctionRoom?auctionNo=) — an invited supplier's live room: the terms, the
 * time left on the server's clock (the login's offset; moved live when soft close fires), our
 * best and our rank, how many companies bid, and the bid box (placeAuctionBid; the server's
 * refusal — BID_DECREMENT, AUCTION_CLOSED … — is shown at the box as the server says it).
 * Rank, extension and time milestones are said in a polite live region.
 *
 * What it shows comes from getSupplierAuction and the supplier feed (watchSupplierAuction), both
 * projected by the server for this company: never another company's name or price, and nothing is
 * added here. Why a custom component: the figures change with every bid of any company over an
 * event stream, and the clock ticks every second — no definition kind reads a stream.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { callOperation, OperationError, useEngineServices, type CustomScreenProps } from '../../../engine';
import { useFrame } from '../../../engine/runtime/frame';
import { useEngineText } from '../../../engine/text';
import { formatInstant } from '../../../lib/date';
import { formatMoney } from '../../../lib/money';
import { WidgetButton } from '../../../widgets/common/button';
import { AuctionClock } from './AuctionClock';
import {
  applySupplierBid,
  catchUpRoom,
  initialBidders,
  parseAmount,
  serverNow,
  statusAt,
  type ReceivedBid,
  type RoomDetail,
  type SupplierBidEvent,
} from './auction-live';
import { FeedState, Lines, LiveRegion, Terms } from './auction-parts';
import { SUPPLIER_FEED, useAuctionFeed, useServerOffset, useTick } from './use-auction-feed';
import styles from './auction.module.css';

const T = 'screen.bid.live';

export default function AuctionRoom({ query }: CustomScreenProps) {
  const services = useEngineServices();
  const frame = useFrame();
  const t = useEngineText();
  const auctionNo = query.auctionNo ?? '';
  const [detail, setDetail] = useState<RoomDetail | null>(null);
  const [bidders, setBidders] = useState<number | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const offset = useServerOffset();
  const now = serverNow(offset, useTick());

  // The latest detail and count for the feed's handler (events arrive between renders).
  const current = useRef({ detail, bidders });
  useEffect(() => {
    current.current = { detail, bidders };
  }, [detail, bidders]);
  // The bid events received since the last read: a read answered before one of them must not undo it.
  const received = useRef<ReceivedBid<SupplierBidEvent>[]>([]);
  useEffect(() => {
    if (!auctionNo) return undefined;
    let live = true;
    callOperation(services, 'getSupplierAuction', { path: { auctionNo } }, { quiet: reload > 0 }).then(
      (d) => {
        if (!live) return;
        const next = catchUpRoom(d, received.current, initialBidders(d, current.current.bidders));
        received.current = received.current.filter((r) => r.id > d.lastEventId);
        current.current = next;
        setDetail(next.detail);
        setBidders(next.bidders);
      },
      (e: unknown) => live && setFailed(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [auctionNo, services, reload]);

  const money = useCallback(
    (v: string | null | undefined) => (v === null || v === undefined || !detail ? '' : formatMoney(v, detail.currency)),
    [detail],
  );
  const at = (iso: string) => formatInstant(iso, 'yyyy-MM-dd HH:mm:ss');

  const feed = useAuctionFeed(
    SUPPLIER_FEED,
    auctionNo || null,
    detail ? detail.lastEventId : null,
    (event, data, id) => {
      if (event === 'bid') {
        const e = data as unknown as SupplierBidEvent;
        if (id !== null) received.current.push({ id, event: e });
        const d = current.current.detail;
        // Our own bid (this page or a colleague's): our bids and the next limit change — read them again.
        if (e.mine) setReload((n) => n + 1);
        if (!d) return;
        const next = applySupplierBid(d, e, current.current.bidders);
        current.current = next;
        setDetail(next.detail);
        setBidders(next.bidders);
        if (e.extended) setAnnouncement(t(`${T}.announceExtended`, { endAt: at(e.endAt) }));
        else if (e.myRank !== null && e.myRank !== d.myRank)
          setAnnouncement(t(`${T}.announceRank`, { rank: e.myRank, amount: formatMoney(e.myBest ?? '0', d.currency) }));
      } else if (event === 'open') {
        setAnnouncement(t(`${T}.announceOpen`));
        setReload((n) => n + 1);
      } else if (event !== 'hello') setReload((n) => n + 1);
    },
  );

  if (!auctionNo) return <NoAuction onList={() => void frame.open({ screen: 'bid.cyberAuctionList' }, {})} />;
  if (failed && !detail)
    return (
      <p role="alert" className={styles.warning}>
        {t('engine.loadFailed', { message: failed })}
      </p>
    );
  if (!detail) return <p className={styles.muted}>{t(`${T}.loading`)}</p>;

  const status = statusAt(detail.status, detail.startAt, detail.endAt, now);
  return (
    <div className={styles.live} data-auction={detail.auctionNo}>
      <Terms detail={detail} status={status} statusText={ourOutcome(detail.result, status, t)} money={money} at={at} />
      <section className={styles.tiles} aria-label={t(`${T}.myRank`)}>
        <AuctionClock
          status={detail.status}
          startAt={detail.startAt}
          endAt={detail.endAt}
          nowMs={now}
          onAnnounce={setAnnouncement}
        />
        <div className={styles.tile}>
          <span className={styles.tileLabel}>{t(`${T}.myRank`)}</span>
          <span className={styles.tileValue} data-testid="my-rank">
            {detail.myRank === null ? t(`${T}.noBid`) : t(`${T}.rankValue`, { rank: detail.myRank })}
          </span>
        </div>
        <div className={styles.tile}>
          <span className={styles.tileLabel}>{t(`${T}.myBest`)}</span>
          <span className={styles.tileValue} data-testid="my-best">
            {detail.myBest === null ? '—' : money(detail.myBest)}
          </span>
        </div>
        <div className={styles.tile}>
          <span className={styles.tileLabel}>{t(`${T}.bidders`)}</span>
          <span className={styles.tileValue} data-testid="bidders">
            {t(`${T}.biddersValue`, { count: bidders ?? 0, invited: detail.invitedCount })}
          </span>
        </div>
      </section>
      <FeedState status={feed} />
      {detail.result && <p className={styles.notice}>{t(detail.result === 'WON' ? `${T}.won` : `${T}.lost`)}</p>}
      <BidBox
        detail={detail}
        status={status}
        onAccepted={(text) => {
          setAnnouncement(text);
          setReload((n) => n + 1);
        }}
      />
      <section aria-labelledby="auction-my-bids">
        <h3 id="auction-my-bids" className={styles.h}>
          {t(`${T}.myBids`)}
        </h3>
        {detail.myBids.length === 0 ? (
          <p className={styles.muted}>{t(`${T}.noBid`)}</p>
        ) : (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t(`${T}.bidAt`)}</th>
                <th scope="col" className={styles.num}>
                  {t(`${T}.bidAmount`)}
                </th>
              </tr>
            </thead>
            <tbody>
              {[...detail.myBids].reverse().map((b) => (
                <tr key={b.bidAt}>
                  <td>{at(b.bidAt)}</td>
                  <td className={styles.num}>{money(b.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <Lines lines={detail.lines} />
      <LiveRegion text={announcement} />
    </div>
  );
}

/** The status as our company reads it once awarded: an award another company won is ours lost (낙찰 실패), not 낙찰. */
function ourOutcome(result: string | null, status: string, t: (key: string) => string): string | undefined {
  if (status !== 'AWARDED') return undefined;
  if (!result) return t('option.bid.supplierAuctionStatus.AWARDED');
  return t(result === 'WON' ? `${T}.statusWon` : `${T}.statusLost`);
}

function NoAuction({ onList }: { onList: () => void }) {
  const t = useEngineText();
  return (
    <div className={styles.live}>
      <p className={styles.muted}>{t(`${T}.noAuction`)}</p>
      <WidgetButton onClick={onList}>{t(`${T}.toList`)}</WidgetButton>
    </div>
  );
}

/** What the bid box says once bidding is over: cancelled, or closed — awaiting the result until the notice above the box gives it. */
function closedText(result: string | null, status: string, t: (key: string) => string): string {
  if (status === 'CANCELLED') return t(`${T}.isCancelled`);
  return result ? t(`${T}.isClosed`) : `${t(`${T}.isClosed`)} ${t(`${T}.awaitingResult`)}`;
}

/** The bid box: one labelled amount, Enter or the button submits; the server's refusal under it. */
function BidBox({
  detail,
  status,
  onAccepted,
}: {
  detail: RoomDetail;
  status: string;
  onAccepted: (text: string) => void;
}) {
  const services = useEngineServices();
  const t = useEngineText();
  const id = useId();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = status === 'OPEN';
  const ended = !open && status !== 'PUBLISHED';
  const limit = formatMoney(detail.nextLimit, detail.currency);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    const value = parseAmount(amount);
    if (!amount.trim()) return setError(t(`${T}.amountRequired`));
    if (value === null) return setError(t(`${T}.amountFormat`));
    setBusy(true);
    setError(null);
    try {
      const ack = await callOperation(
        services,
        'placeAuctionBid',
        { path: { auctionNo: detail.auctionNo }, body: { amount: value } },
        { quiet: true },
      );
      const text = ack.extended
        ? t(`${T}.acceptedExtended`, {
            amount: formatMoney(ack.amount, detail.currency),
            rank: ack.myRank,
            endAt: formatInstant(ack.endAt, 'yyyy-MM-dd HH:mm:ss'),
          })
        : t(`${T}.accepted`, { amount: formatMoney(ack.amount, detail.currency), rank: ack.myRank });
      // On the page, what was accepted and when (the rank tile follows the feed); the rank now goes to the live region.
      setDone(
        t(`${T}.acceptedAt`, {
          amount: formatMoney(ack.amount, detail.currency),
          at: formatInstant(ack.bidAt, 'HH:mm:ss'),
        }),
      );
      setAmount('');
      onAccepted(text);
    } catch (err) {
      // The server's own sentence (Korean by default): BID_DECREMENT names the highest amount allowed.
      setError(err instanceof OperationError ? err.message : err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-h`} className={styles.bidBox}>
      <h3 id={`${id}-h`} className={styles.h}>
        {t(`${T}.bidBox`)}
      </h3>
      {status === 'PUBLISHED' && <p className={styles.muted}>{t(`${T}.notOpen`)}</p>}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor={`${id}-amount`} className={styles.label}>
          {t(`${T}.amount`, { currency: detail.currency })}
        </label>
        <div className={styles.row}>
          <input
            id={`${id}-amount`}
            className={styles.input}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            disabled={!open || busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            onChange={(e) => setAmount(e.target.value)}
          />
          <WidgetButton type="submit" variant="primary" disabled={!open || busy}>
            {busy ? t(`${T}.submitting`) : t(`${T}.submit`)}
          </WidgetButton>
        </div>
        {/* Bidding is over: the room says so (and the result once known), not a limit nobody may bid under any more. */}
        <p id={`${id}-hint`} className={ended ? styles.muted : styles.hint} data-testid="bid-hint">
          {ended
            ? closedText(detail.result, status, t)
            : t(detail.nextLimitInclusive ? `${T}.limitInclusive` : `${T}.limitStrict`, { limit })}
        </p>
        {error && (
          <p id={`${id}-error`} role="alert" className={styles.error} data-testid="bid-error">
            {error}
          </p>
        )}
        {done && !error && (
          <p className={styles.ok} data-testid="bid-accepted">
            {done}
          </p>
        )}
      </form>
    </section>
  );
}
