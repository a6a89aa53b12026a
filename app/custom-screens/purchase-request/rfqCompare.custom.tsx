/**
 * 견적 비교 — the quotations of one request side by side (opened in a dialog from /prConfirmEdit,
 * query rfqNo): the request's lines as rows, the invited suppliers as columns (unit price and
 * amount per line, the lowest price of each line and the lowest total marked), then per supplier
 * its total, lead time, validity, state and quotation number; 업체 선정 under a supplier selects
 * its quotation (selectQuotation) once the server allows it — after the deadline or when every
 * invited supplier has answered, for the buyer or a purchasing manager — and the server's refusal
 * (RFQ_NOT_CLOSED, QUOTATION_EXPIRED …) is shown as it says it.
 *
 * Why a custom component: a definition's grid has a fixed set of columns named by row fields; here
 * the columns are the invited suppliers — as many as the request has, known only from the answer —
 * and each line's cells come from a nested list (`lines[].quotes[]` by supplier), with a per-column
 * action. No list, edit or dashboard definition can say "one column group per entry of an answer".
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { callOperation, useEngineServices, type CustomScreenProps, type ResultOf } from '../../../engine';
import { useFrame } from '../../../engine/runtime/frame';
import { useEngineText } from '../../../engine/text';
import { formatMoney } from '../../../lib/money';
import { formatInstant } from '../../../lib/date';
import { WidgetButton } from '../../../widgets/common/button';
import hidden from '../../../widgets/common/visually-hidden.module.css';
import styles from './rfqCompare.module.css';

type Comparison = ResultOf<'compareQuotations'>;
type Rfq = ResultOf<'getRfq'>;
type Supplier = Comparison['suppliers'][number];

const T = 'screen.purchaseRequest.cmp';

/** "1,234.5": grouped, its own decimals without trailing zeros (quantities, unit prices); blank for nothing. */
export function formatQuantity(q: string | null | undefined): string {
  if (q === null || q === undefined || q === '') return '';
  const [int, frac = ''] = q.split('.');
  const trimmed = frac.replace(/0+$/, '');
  return `${Number(int).toLocaleString('en-US')}${trimmed ? `.${trimmed}` : ''}`;
}

/** A supplier's quote for one line, or undefined when it did not answer. */
export function quoteOf(comparison: Comparison, lineNo: number, compNo: string) {
  return comparison.lines.find((l) => l.lineNo === lineNo)?.quotes.find((q) => q.compNo === compNo);
}

/** Suppliers that may be selected now: a submitted quotation, while the request is open and selection is allowed. */
export function selectable(comparison: Comparison, rfq: Rfq | null, s: Supplier): boolean {
  return (
    !!rfq &&
    rfq.actions.includes('select') &&
    comparison.status === 'OPEN' &&
    comparison.selectionAllowed &&
    s.status === 'SUBMITTED'
  );
}

export default function RfqCompare({ query }: CustomScreenProps) {
  const frame = useFrame();
  const services = useEngineServices();
  const t = useEngineText();
  const rfqNo = query.rfqNo ?? '';
  const [data, setData] = useState<{ comparison: Comparison; rfq: Rfq } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    if (!rfqNo) return;
    let live = true;
    Promise.all([
      callOperation(services, 'compareQuotations', { path: { rfqNo } }),
      callOperation(services, 'getRfq', { path: { rfqNo } }),
    ]).then(
      ([comparison, rfq]) => live && setData({ comparison, rfq }),
      (e: unknown) => {
        if (!live) return;
        setFailed(e instanceof Error ? e.message : String(e));
        void frame.alertError(e);
      },
    );
    return () => {
      live = false;
    };
  }, [rfqNo, services, frame, tick]);

  const codeText = useCallback(
    (group: string, code: string | null | undefined) =>
      code ? (services.codes(group).find((c) => c.value === code)?.text ?? code) : '',
    [services],
  );

  const select = async (s: Supplier) => {
    if (!data) return;
    if (
      !(await frame.confirm(
        t(`${T}.confirmSelect`, {
          name: s.compNameKr,
          total: formatMoney(s.totalAmount ?? '0', data.comparison.currency),
        }),
      ))
    )
      return;
    setBusy(true);
    try {
      await callOperation(services, 'selectQuotation', {
        path: { rfqNo },
        body: { version: data.comparison.version, compNo: s.compNo },
      });
      frame.notify(t(`${T}.selected`, { name: s.compNameKr }));
      // The opener (the PR) shows the awarded request: close and tell it to read again.
      if (frame.dialog) frame.leave(true);
      else setTick((n) => n + 1);
    } catch (e) {
      await frame.alertError(e);
      setTick((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  const summary = useMemo(() => {
    if (!data) return null;
    const c = data.comparison;
    const submitted = c.suppliers.filter((s) => s.quoteNo).length;
    return { c, submitted };
  }, [data]);

  if (!rfqNo) return <p className={styles.muted}>{t(`${T}.noRequest`)}</p>;
  if (failed && !data)
    return (
      <p role="alert" className={styles.warning}>
        {t('engine.loadFailed', { message: failed })}
      </p>
    );
  if (!data || !summary) return <p className={styles.muted}>{t('engine.loading')}</p>;
  const { c, submitted } = summary;
  const money = (v: string | null | undefined) => (v === null || v === undefined ? '' : formatMoney(v, c.currency));

  return (
    <div className={styles.compare} data-rfq={c.rfqNo}>
      <dl className={styles.facts}>
        <div>
          <dt>{t(`${T}.rfqNo`)}</dt>
          <dd>{c.rfqNo}</dd>
        </div>
        <div>
          <dt>{t(`${T}.status`)}</dt>
          <dd>{codeText('RFQ_STATUS', c.status)}</dd>
        </div>
        <div>
          <dt>{t(`${T}.deadline`)}</dt>
          <dd>
            {formatInstant(c.deadline, 'yyyy-MM-dd HH:mm')}{' '}
            {c.deadlinePassed ? <span className={styles.badge}>{t(`${T}.closed`)}</span> : null}
          </dd>
        </div>
        <div>
          <dt>{t(`${T}.answered`)}</dt>
          <dd>{t(`${T}.answeredCount`, { submitted, invited: c.suppliers.length })}</dd>
        </div>
        <div>
          <dt>{t(`${T}.currency`)}</dt>
          <dd>{c.currency}</dd>
        </div>
      </dl>
      {c.status === 'OPEN' && !c.selectionAllowed && <p className={styles.notice}>{t(`${T}.notYet`)}</p>}

      <div className={styles.scroll}>
        <table className={styles.table} aria-label={t(`${T}.table`)}>
          <thead>
            <tr>
              <th rowSpan={2} scope="col">
                {t(`${T}.lineNo`)}
              </th>
              <th rowSpan={2} scope="col">
                {t(`${T}.item`)}
              </th>
              <th rowSpan={2} scope="col">
                {t(`${T}.quantity`)}
              </th>
              {c.suppliers.map((s) => (
                <th
                  key={s.compNo}
                  colSpan={2}
                  scope="colgroup"
                  className={s.status === 'SELECTED' ? styles.chosen : undefined}
                  data-supplier={s.compNo}
                >
                  {s.compNameKr}
                  <span className={styles.sub}>{s.compNo}</span>
                </th>
              ))}
            </tr>
            <tr>
              {c.suppliers.flatMap((s) => [
                <th key={`${s.compNo}-p`} scope="col">
                  {t(`${T}.unitPrice`)}
                </th>,
                <th key={`${s.compNo}-a`} scope="col">
                  {t(`${T}.amount`)}
                </th>,
              ])}
            </tr>
          </thead>
          <tbody>
            {c.lines.map((l) => (
              <tr key={l.lineNo}>
                <td className={styles.num}>{l.lineNo}</td>
                <td>
                  {l.itemName}
                  {l.spec ? <span className={styles.sub}>{l.spec}</span> : null}
                </td>
                <td className={styles.num}>
                  {formatQuantity(l.quantity)} {l.unitCode}
                </td>
                {c.suppliers.flatMap((s) => {
                  const q = quoteOf(c, l.lineNo, s.compNo);
                  return [
                    <td
                      key={`${s.compNo}-p`}
                      className={`${styles.num} ${q?.lowest ? styles.lowest : ''}`}
                      title={q?.lowest ? t(`${T}.lowestLine`) : undefined}
                    >
                      {q ? formatQuantity(q.unitPrice) : '–'}
                      {q?.lowest ? (
                        <>
                          <span aria-hidden="true"> ★</span>
                          <span className={hidden.visuallyHidden}> {t(`${T}.lowestLine`)}</span>
                        </>
                      ) : null}
                    </td>,
                    <td key={`${s.compNo}-a`} className={styles.num}>
                      {q ? money(q.amount) : ''}
                    </td>,
                  ];
                })}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th colSpan={3} scope="row">
                {t(`${T}.total`)}
              </th>
              {c.suppliers.map((s) => (
                <td
                  key={s.compNo}
                  colSpan={2}
                  className={`${styles.num} ${s.lowest ? styles.lowest : ''}`}
                  data-total={s.compNo}
                >
                  {s.totalAmount
                    ? `${money(s.totalAmount)}${s.lowest ? ` ★ ${t(`${T}.lowestTotal`)}` : ''}`
                    : t(`${T}.noAnswer`)}
                </td>
              ))}
            </tr>
            <tr>
              <th colSpan={3} scope="row">
                {t(`${T}.leadTime`)}
              </th>
              {c.suppliers.map((s) => (
                <td key={s.compNo} colSpan={2} className={styles.num}>
                  {s.leadTimeDays === null ? '' : t(`${T}.days`, { count: s.leadTimeDays })}
                </td>
              ))}
            </tr>
            <tr>
              <th colSpan={3} scope="row">
                {t(`${T}.validUntil`)}
              </th>
              {c.suppliers.map((s) => (
                <td key={s.compNo} colSpan={2} className={styles.center}>
                  {s.validUntil ?? ''}
                </td>
              ))}
            </tr>
            <tr>
              <th colSpan={3} scope="row">
                {t(`${T}.quoteStatus`)}
              </th>
              {c.suppliers.map((s) => (
                <td key={s.compNo} colSpan={2} className={styles.center} data-status={s.compNo}>
                  {codeText('QUOT_STATUS', s.status)}
                  {s.quoteNo ? (
                    <span
                      className={styles.sub}
                    >{`${s.quoteNo}${s.revision > 1 ? ` (${t(`${T}.revision`, { count: s.revision })})` : ''}`}</span>
                  ) : null}
                </td>
              ))}
            </tr>
            <tr>
              <th colSpan={3} scope="row">
                {t(`${T}.remark`)}
              </th>
              {c.suppliers.map((s) => (
                <td key={s.compNo} colSpan={2}>
                  {s.remark ?? ''}
                </td>
              ))}
            </tr>
            {data.rfq.actions.includes('select') && (
              <tr>
                <th colSpan={3} scope="row">
                  {t(`${T}.choose`)}
                </th>
                {c.suppliers.map((s) => (
                  <td key={s.compNo} colSpan={2} className={styles.center}>
                    {selectable(c, data.rfq, s) && (
                      <WidgetButton
                        size="small"
                        variant="primary"
                        disabled={busy}
                        onClick={() => void select(s)}
                        data-action={`select-${s.compNo}`}
                      >
                        {t(`${T}.select`)}
                      </WidgetButton>
                    )}
                  </td>
                ))}
              </tr>
            )}
          </tfoot>
        </table>
      </div>
      {frame.dialog && (
        <div className={styles.footer}>
          <WidgetButton onClick={() => frame.leave(false)}>{t('engine.close')}</WidgetButton>
        </div>
      )}
    </div>
  );
}
