/**
 * 역경매 모니터 (/bid/auctionMonitor?auctionNo=) — the buyer's live view of one reverse auction:
 * the terms, the countdown on the server's clock (the login's offset), the ranking with the
 * suppliers' names and prices, the bid log with the end each bid left (soft close shows as the
 * end moving), the history, and the actions the server offers in `actions` (a draft: change it on
 * the form, publish; cancel with a reason; award → a draft PO, with its due date; once awarded,
 * 단가계약 작성 → a draft framework agreement of that order's lines and prices, opened).
 *
 * Why a custom component: the ranking, the log and the clock change with every bid over the
 * staff event stream (watchAuction) — no definition kind reads a stream; the create form is a
 * definition (/bid/auctionEdit).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { callOperation, useEngineServices, type CustomScreenProps } from '../../../engine';
import type { PromptDef } from '../../../engine/definition/types';
import { useFrame } from '../../../engine/runtime/frame';
import { RefusalDeclined, sendOverruling } from '../../../engine/runtime/run-actions';
import { useEngineText } from '../../../engine/text';
import { formatInstant } from '../../../lib/date';
import { formatMoney } from '../../../lib/money';
import { AWARD_OVERRULES } from '../../../screens/bid/options';
import { WidgetButton } from '../../../widgets/common/button';
import { AuctionClock } from './AuctionClock';
import {
  applyStaffBid,
  catchUpMonitor,
  serverNow,
  statusAt,
  type MonitorDetail,
  type ReceivedBid,
  type StaffBidEvent,
} from './auction-live';
import { FeedState, Lines, LiveRegion, Terms } from './auction-parts';
import { STAFF_FEED, useAuctionFeed, useServerOffset, useTick } from './use-auction-feed';
import styles from './auction.module.css';
import { SYSTEM_JOB_ACTOR } from '../../../schemas/system-actor';

const T = 'screen.bid.live';
/** The server's own job acts with no person (moveAuctionsByClock): named as the tenders' history names it. */

const CANCEL_PROMPT: PromptDef = {
  title: `${T}.cancelTitle`,
  message: `${T}.cancelMessage`,
  fields: [
    { field: 'reason', label: `${T}.cancelReason`, widget: 'textarea', rows: 3, maxLength: 500, required: true },
  ],
};
const AWARD_PROMPT: PromptDef = {
  title: `${T}.awardTitle`,
  message: `${T}.awardMessage`,
  fields: [{ field: 'dueDate', label: `${T}.dueDate`, widget: 'date', required: true }],
};

/** A framework agreement from the award: the validity, and whether to agree prices only. */
const AGREEMENT_PROMPT: PromptDef = {
  title: `${T}.agreementTitle`,
  message: `${T}.agreementMessage`,
  columns: 2,
  fields: [
    { field: 'validFrom', label: `${T}.agreementValidFrom`, widget: 'date', required: true, default: { today: 0 } },
    { field: 'validTo', label: `${T}.agreementValidTo`, widget: 'date', required: true },
    { field: 'priceOnly', label: `${T}.agreementPriceOnly`, widget: 'checkbox', span: 2 },
  ],
};

export default function AuctionMonitor({ query }: CustomScreenProps) {
  const services = useEngineServices();
  const frame = useFrame();
  const t = useEngineText();
  const auctionNo = query.auctionNo ?? '';
  const [detail, setDetail] = useState<MonitorDetail | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const now = serverNow(useServerOffset(), useTick());

  const current = useRef(detail);
  useEffect(() => {
    current.current = detail;
  }, [detail]);
  // The bid events received since the last read: a read answered before one of them must not undo it.
  const received = useRef<ReceivedBid[]>([]);
  useEffect(() => {
    if (!auctionNo) return undefined;
    let live = true;
    callOperation(services, 'getAuction', { path: { auctionNo } }, { quiet: reload > 0 }).then(
      (d) => {
        if (!live) return;
        const next = catchUpMonitor(d, received.current);
        received.current = received.current.filter((r) => r.id > d.lastEventId);
        current.current = next;
        setDetail(next);
      },
      (e: unknown) => live && setFailed(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [auctionNo, services, reload]);

  const feed = useAuctionFeed(STAFF_FEED, auctionNo || null, detail ? detail.lastEventId : null, (event, data, id) => {
    if (event === 'bid') {
      const e = data as unknown as StaffBidEvent;
      if (id !== null) received.current.push({ id, event: e });
      const d = current.current;
      if (!d) return;
      const next = applyStaffBid(d, e);
      current.current = next;
      setDetail(next);
      const first = e.ranking.find((r) => r.rank === 1);
      if (e.extended)
        setAnnouncement(t(`${T}.announceExtended`, { endAt: formatInstant(e.endAt, 'yyyy-MM-dd HH:mm:ss') }));
      else if (first)
        setAnnouncement(
          `${t(`${T}.rankValue`, { rank: 1 })} ${first.compName} ${formatMoney(first.bestAmount, d.currency)}`,
        );
    } else if (event !== 'hello') {
      // Open, close, cancel, award: the state, the actions and the history change — read them again.
      setReload((n) => n + 1);
    }
  });

  const money = useCallback(
    (v: string | null | undefined) => (v === null || v === undefined || !detail ? '' : formatMoney(v, detail.currency)),
    [detail],
  );
  const at = (iso: string | null | undefined) => (iso ? formatInstant(iso, 'yyyy-MM-dd HH:mm:ss') : '');

  if (!auctionNo) {
    return (
      <div className={styles.live}>
        <p className={styles.muted}>{t(`${T}.noAuction`)}</p>
        <WidgetButton onClick={() => void frame.open({ screen: 'bid.auctionList' }, {})}>
          {t(`${T}.toList`)}
        </WidgetButton>
      </div>
    );
  }
  if (failed && !detail)
    return (
      <p role="alert" className={styles.warning}>
        {t('engine.loadFailed', { message: failed })}
      </p>
    );
  if (!detail) return <p className={styles.muted}>{t(`${T}.loading`)}</p>;

  const run = async (what: 'publish' | 'cancel' | 'award' | 'agreement') => {
    const d = detail;
    const path = { auctionNo: d.auctionNo };
    let done: string;
    setBusy(true);
    try {
      if (what === 'publish') {
        if (!(await frame.confirm(t(`${T}.confirmPublish`)))) return;
        await callOperation(services, 'publishAuction', { path, body: { version: d.version } });
        done = t(`${T}.published`);
      } else if (what === 'cancel') {
        const input = await frame.prompt(CANCEL_PROMPT, {
          title: t(`${T}.cancelTitle`),
          message: t(`${T}.cancelMessage`),
          scope: {},
          where: 'bidding/auctionMonitor',
        });
        if (!input) return;
        await callOperation(services, 'cancelAuction', {
          path,
          body: { version: d.version, reason: String(input.reason ?? '') },
        });
        done = t(`${T}.cancelled`);
      } else if (what === 'agreement') {
        const input = await frame.prompt(AGREEMENT_PROMPT, {
          title: t(`${T}.agreementTitle`),
          message: t(`${T}.agreementMessage`),
          scope: {},
          where: 'bidding/auctionMonitor',
        });
        if (!input) return;
        const made = await callOperation(services, 'createAgreementFromAward', {
          body: {
            sourceType: 'AUCTION',
            sourceNo: d.auctionNo,
            validFrom: String(input.validFrom ?? ''),
            validTo: String(input.validTo ?? ''),
            keepQuantities: input.priceOnly !== 'Y' && input.priceOnly !== true,
          },
        });
        // The draft opens at its own address, as 단가계약 작성 does on the other award screens.
        frame.notify(t(`${T}.agreementMade`));
        await frame.open({ route: '/AgreementEdit' }, { agreementNo: made.agreementNo });
        return;
      } else {
        const input = await frame.prompt(AWARD_PROMPT, {
          title: t(`${T}.awardTitle`),
          message: t(`${T}.awardMessage`),
          scope: {},
          where: 'bidding/auctionMonitor',
        });
        if (!input) return;
        // A winner graded "warn", or an order over a WARN budget account: asked with the server's message, sent again.
        const after = await sendOverruling(AWARD_OVERRULES, frame, {}, (extra) =>
          callOperation(services, 'awardAuction', {
            path,
            body: { version: d.version, dueDate: String(input.dueDate ?? ''), ...extra },
          }),
        );
        done = t(`${T}.awarded`, { poNo: after.poNo ?? '' });
      }
      frame.notify(done);
    } catch (e) {
      // 취소 to an overrulable refusal: nothing was done, nothing to show.
      if (!(e instanceof RefusalDeclined)) await frame.alertError(e);
    } finally {
      setBusy(false);
      setReload((n) => n + 1);
    }
  };

  const status = statusAt(detail.status, detail.startAt, detail.endAt, now);
  // The history's action codes in words (an action without a text is shown as its code).
  const actionText = (code: string) => {
    const key = `${T}.historyAction.${code}`;
    const text = t(key);
    return text === key ? code : text;
  };
  const names = new Map(detail.ranking.map((r) => [r.compNo, r.compName]));
  const may = (a: string) => detail.actions.includes(a);
  return (
    <div className={styles.live} data-auction={detail.auctionNo}>
      <Terms detail={detail} status={status} money={money} at={at}>
        <div>
          <dt>{t(`${T}.buyer`)}</dt>
          <dd>{detail.buyerName ?? detail.buyerId}</dd>
        </div>
        {detail.prNo && (
          <div>
            <dt>{t(`${T}.prNo`)}</dt>
            <dd>{detail.prNo}</dd>
          </div>
        )}
        {detail.poNo && (
          <div>
            <dt>{t(`${T}.poNo`)}</dt>
            <dd data-testid="auction-po">
              {detail.poNo}{' '}
              <WidgetButton
                size="small"
                onClick={() =>
                  void frame.open({ screen: 'purchaseOrder.orderRequestEdit' }, { poNo: detail.poNo ?? '' })
                }
              >
                {t(`${T}.toPo`)}
              </WidgetButton>
            </dd>
          </div>
        )}
        {detail.winningAmount && (
          <div>
            <dt>{t(`${T}.winningAmount`)}</dt>
            <dd>
              {names.get(detail.winnerCompNo ?? '') ?? detail.winnerCompNo} {money(detail.winningAmount)}
            </dd>
          </div>
        )}
        {detail.cancelReason && (
          <div>
            <dt>{t(`${T}.cancelReason`)}</dt>
            <dd>{detail.cancelReason}</dd>
          </div>
        )}
      </Terms>
      <div className={styles.actions}>
        {may('update') && (
          // A draft is changed on the form (/bid/auctionEdit), which reads it again at its version.
          <WidgetButton
            disabled={busy}
            onClick={() => void frame.open({ screen: 'bid.auctionEdit' }, { auctionNo: detail.auctionNo })}
          >
            {t(`${T}.edit`)}
          </WidgetButton>
        )}
        {may('publish') && (
          <WidgetButton variant="primary" disabled={busy} onClick={() => void run('publish')}>
            {t(`${T}.publish`)}
          </WidgetButton>
        )}
        {may('award') && (
          <WidgetButton variant="primary" disabled={busy} onClick={() => void run('award')}>
            {t(`${T}.award`)}
          </WidgetButton>
        )}
        {may('agreement') && (
          <WidgetButton disabled={busy} onClick={() => void run('agreement')}>
            {t(`${T}.agreement`)}
          </WidgetButton>
        )}
        {may('cancel') && (
          <WidgetButton disabled={busy} onClick={() => void run('cancel')}>
            {t(`${T}.cancel`)}
          </WidgetButton>
        )}
      </div>
      <section className={styles.tiles} aria-label={t(`${T}.timeLeft`)}>
        <AuctionClock
          status={detail.status}
          startAt={detail.startAt}
          endAt={detail.endAt}
          nowMs={now}
          onAnnounce={setAnnouncement}
        />
        <div className={styles.tile}>
          <span className={styles.tileLabel}>{t(`${T}.best`)}</span>
          <span className={styles.tileValue} data-testid="best-amount">
            {money(detail.ranking.find((r) => r.rank === 1)?.bestAmount) || '—'}
          </span>
        </div>
        <div className={styles.tile}>
          <span className={styles.tileLabel}>{t(`${T}.bidders`)}</span>
          <span className={styles.tileValue}>
            {t(`${T}.biddersValue`, {
              count: detail.ranking.filter((r) => r.bidCount > 0).length,
              invited: detail.ranking.length,
            })}
          </span>
        </div>
        <div className={styles.tile}>
          <span className={styles.tileLabel}>{t('screen.bid.f.extensions')}</span>
          <span className={styles.tileValue} data-testid="extensions">
            {detail.extensions} / {detail.maxExtensions}
          </span>
        </div>
      </section>
      <FeedState status={feed} />
      <div className={styles.columns}>
        <section aria-labelledby="auction-ranking">
          <h3 id="auction-ranking" className={styles.h}>
            {t(`${T}.ranking`)}
          </h3>
          <table className={styles.table} data-testid="ranking">
            <thead>
              <tr>
                <th scope="col">{t(`${T}.rank`)}</th>
                <th scope="col">{t(`${T}.company`)}</th>
                <th scope="col">{t(`${T}.compNo`)}</th>
                <th scope="col" className={styles.num}>
                  {t(`${T}.best`)}
                </th>
                <th scope="col">{t(`${T}.bestAt`)}</th>
                <th scope="col" className={styles.num}>
                  {t(`${T}.bidCount`)}
                </th>
                <th scope="col">{t(`${T}.result`)}</th>
              </tr>
            </thead>
            <tbody>
              {detail.ranking.map((r) => (
                <tr key={r.compNo} className={r.rank === 1 ? styles.first : undefined}>
                  <td>{r.rank ?? '—'}</td>
                  <td>{r.compName}</td>
                  <td>{r.compNo}</td>
                  <td className={styles.num}>{money(r.bestAmount)}</td>
                  <td>{at(r.bestAt)}</td>
                  <td className={styles.num}>{r.bidCount}</td>
                  <td>{r.result ? t(`option.bid.bidStatus.${r.result}`) : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section aria-labelledby="auction-log">
          <h3 id="auction-log" className={styles.h}>
            {t(`${T}.bidLog`)}
          </h3>
          {detail.bids.length === 0 ? (
            <p className={styles.muted}>{t(`${T}.noBids`)}</p>
          ) : (
            // A scrolling region reachable by keyboard (axe: scrollable-region-focusable).
            <div className={styles.scroll} tabIndex={0} role="region" aria-label={t(`${T}.bidLog`)}>
              <table className={styles.table} data-testid="bid-log">
                <thead>
                  <tr>
                    <th scope="col">{t(`${T}.seq`)}</th>
                    <th scope="col">{t(`${T}.bidAt`)}</th>
                    <th scope="col">{t(`${T}.company`)}</th>
                    <th scope="col" className={styles.num}>
                      {t(`${T}.bidAmount`)}
                    </th>
                    <th scope="col">{t(`${T}.endAfter`)}</th>
                  </tr>
                </thead>
                <tbody>
                  {[...detail.bids].reverse().map((b) => (
                    <tr key={b.seq}>
                      <td>{b.seq}</td>
                      <td>{at(b.bidAt)}</td>
                      <td>{names.get(b.compNo) ?? b.compNo}</td>
                      <td className={styles.num}>{money(b.amount)}</td>
                      <td>{at(b.endAtAfter)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
      <Lines lines={detail.lines} money={money} />
      {detail.history.length > 0 && (
        <section aria-labelledby="auction-history">
          <h3 id="auction-history" className={styles.h}>
            {t(`${T}.history`)}
          </h3>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t(`${T}.at`)}</th>
                <th scope="col">{t(`${T}.action`)}</th>
                <th scope="col">{t(`${T}.actor`)}</th>
                <th scope="col">{t(`${T}.reason`)}</th>
              </tr>
            </thead>
            <tbody>
              {detail.history.map((h, i) => (
                <tr key={`${h.at}-${i}`}>
                  <td>{at(h.at)}</td>
                  <td>{actionText(h.action)}</td>
                  <td>
                    {h.actor === SYSTEM_JOB_ACTOR ? t('option.historyActor.systemJob') : (h.actorName ?? h.actor)}
                  </td>
                  <td>{h.reason ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <LiveRegion text={announcement} />
    </div>
  );
}
