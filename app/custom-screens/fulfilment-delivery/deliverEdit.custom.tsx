import { BUSINESS_TIME_ZONE } from '../../../lib/date';
/**
 * /deliverEdit (external) — the supplier registers a delivery (ASN) against one of its
 * acknowledged orders: picks the order, enters the quantity delivered per order line (at most
 * what is still open — the server refuses more with OVER_DELIVERY and its message is shown at
 * the line), the dates, the deliverer and the documents; or registers a delivery without an
 * order (flagged 무발주), naming item, unit and price itself. A registered delivery is edited or
 * cancelled (with a reason) here; a received or cancelled one is shown read only.
 *
 * Why a custom component: an edit definition's detail rows come from the loaded record, but here
 * they come, before anything is saved, from the order the user picks (getDeliverableOrder and its
 * open quantities), change completely when another order is picked, and go out under other names
 * (the order's `lineNo` is the delivery line's `poLineNo`; only the lines given a quantity are
 * sent); the two modes (with / without an order) send different line shapes to one operation.
 * None of that is a definition's language. The component uses the engine's frame (authority,
 * notices, the server's messages, the prompt for the cancellation reason) and the widgets.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { callOperation, OperationError, useEngineServices, type CustomScreenProps, type ResultOf } from '../../../engine';
import { useFrame } from '../../../engine/runtime/frame';
import { useEngineText } from '../../../engine/text';
import { compareDecimals, formatMoney, multiplyQtyPrice, sumDecimals } from '../../../lib/money';
import { WidgetButton } from '../../../widgets/common/button';
import { DateInput } from '../../../widgets/date-input/date-input';
import { FileUpload } from '../../../widgets/file-upload/file-upload';
import { MaskedInput } from '../../../widgets/masked-input/masked-input';
import { Select } from '../../../widgets/select/select';
import { TextInput } from '../../../widgets/text-input/text-input';
import styles from './deliverEdit.module.css';

type Delivery = ResultOf<'getMyDelivery'>;
type Order = ResultOf<'getDeliverableOrder'>;

const T = 'screen.fulfilmentDelivery.deliverEdit';
const F = 'screen.fulfilmentDelivery.field';
const QUANTITY = /^\d{1,12}(\.\d{1,3})?$/;
const PRICE = /^\d{1,16}(\.\d{1,2})?$/;

/** One line as the user edits it. */
export interface LineDraft {
  key: string;
  /** The order line delivered; null without an order. */
  poLineNo: number | null;
  itemCode: string;
  itemName: string;
  spec: string;
  unitCode: string;
  PRICE: string;
  /** Ordered on the order line. */
  ordered: string | null;
  /** What this delivery may still take on the order line (open quantity, plus its own when editing). */
  available: string | null;
  quantity: string;
  BIGO: string;
}

export interface HeaderDraft {
  deliveryDate: string;
  arrivalDate: string;
  delivererName: string;
  delivererPhone: string;
  vehicleNo: string;
  FILE_SEQ: string;
  BIGO: string;
}

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const emptyHeader = (): HeaderDraft => ({ deliveryDate: today(), arrivalDate: '', delivererName: '', delivererPhone: '', vehicleNo: '', FILE_SEQ: '', BIGO: '' });

let keySeq = 0;
const newKey = () => `l${++keySeq}`;

const positive = (q: string) => QUANTITY.test(q.trim()) && compareDecimals(q.trim(), '0') > 0;

/** Lines of a picked order: each open line, quantity to be entered. */
export function linesFromOrder(order: Order): LineDraft[] {
  return order.lines
    .filter((l) => compareDecimals(l.openQty, '0') > 0)
    .map((l) => ({
      key: newKey(), poLineNo: l.lineNo, itemCode: l.itemCode ?? '', itemName: l.itemName, spec: l.spec ?? '', unitCode: l.unitCode, PRICE: l.PRICE,
      ordered: l.quantity, available: l.openQty, quantity: '', BIGO: '',
    }));
}

/** Lines of a saved delivery; on an order line it may take its own quantity again plus what is open. */
export function linesFromDelivery(d: Delivery): LineDraft[] {
  return d.lines.map((l) => ({
    key: newKey(), poLineNo: l.poLineNo, itemCode: l.itemCode ?? '', itemName: l.itemName, spec: l.spec ?? '', unitCode: l.unitCode, PRICE: l.PRICE,
    ordered: l.poQuantity, available: l.openQty === null ? null : sumDecimals([l.openQty, l.quantity]), quantity: trimQty(l.quantity), BIGO: l.BIGO ?? '',
  }));
}

/** '6.000' → '6', '2.500' → '2.5' (what a user would type). */
function trimQty(q: string): string {
  return q.includes('.') ? q.replace(/0+$/, '').replace(/\.$/, '') : q;
}

const blankLine = (): LineDraft => ({ key: newKey(), poLineNo: null, itemCode: '', itemName: '', spec: '', unitCode: '', PRICE: '', ordered: null, available: null, quantity: '', BIGO: '' });

const opt = (v: string) => (v.trim() === '' ? undefined : v.trim());

/** The request body's lines (only lines given a quantity) and which draft each one is. */
export function bodyLines(lines: LineDraft[], withOrder: boolean) {
  const sent = lines.filter((l) => l.quantity.trim() !== '');
  const body = sent.map((l) =>
    withOrder
      ? { poLineNo: l.poLineNo!, quantity: l.quantity.trim(), BIGO: opt(l.BIGO) }
      : { itemCode: opt(l.itemCode), itemName: l.itemName.trim(), spec: opt(l.spec), unitCode: l.unitCode.trim(), quantity: l.quantity.trim(), PRICE: l.PRICE.trim(), BIGO: opt(l.BIGO) },
  );
  return { body, keys: sent.map((l) => l.key) };
}

/** Client checks before sending: the server checks again (and alone knows the open quantities for sure). */
export function checkDraft(header: HeaderDraft, lines: LineDraft[], withOrder: boolean, t: (k: string, o?: Record<string, unknown>) => string): { header: Record<string, string>; lines: Record<string, string> } {
  const h: Record<string, string> = {};
  const l: Record<string, string> = {};
  if (!header.deliveryDate) h.deliveryDate = t('engine.required');
  if (header.arrivalDate && header.deliveryDate && header.arrivalDate < header.deliveryDate) h.arrivalDate = t(`${T}.arrivalBeforeDelivery`);
  for (const line of lines) {
    const q = line.quantity.trim();
    if (q === '') continue;
    if (!positive(q)) l[line.key] = t(`${T}.badQuantity`);
    else if (!withOrder && (!line.itemName.trim() || !line.unitCode.trim())) l[line.key] = t(`${T}.itemRequired`);
    else if (!withOrder && !PRICE.test(line.PRICE.trim())) l[line.key] = t(`${T}.badPrice`);
  }
  return { header: h, lines: l };
}

type Loaded = { kind: 'create' } | { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'delivery'; delivery: Delivery };
/** An answer for one delivery number and one reading of it (a save or a cancellation reads it again). */
type Answer = { key: string; result: Loaded };

export default function DeliverEdit({ query }: CustomScreenProps) {
  const frame = useFrame();
  const services = useEngineServices();
  const t = useEngineText();
  const deliveryNo = query.deliveryNo ?? '';
  // Staff see a supplier's delivery at the internal address as the supplier does, and never write it.
  const staffView = frame.portal === 'internal';
  const canWrite = !!frame.authority.write && !staffView;

  const [answer, setAnswer] = useState<Answer | null>(null);
  const [withOrder, setWithOrder] = useState(query.noPo !== 'Y');
  const [orders, setOrders] = useState<Array<{ value: string; text: string }> | null>(null);
  const [poNo, setPoNo] = useState(query.poNo ?? '');
  const [picked, setPicked] = useState<{ poNo: string; order: Order | null } | null>(null);
  const [currency, setCurrency] = useState('KRW');
  const [header, setHeader] = useState<HeaderDraft>(emptyHeader);
  const [lines, setLines] = useState<LineDraft[]>(() => (query.noPo === 'Y' ? [blankLine()] : []));
  const [headerErrors, setHeaderErrors] = useState<Record<string, string>>({});
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [reloadTick, setReloadTick] = useState(0);

  // An existing delivery: read it (the server answers 404 for another company's).
  const readKey = `${deliveryNo}#${reloadTick}`;
  useEffect(() => {
    if (!deliveryNo) return;
    let live = true;
    callOperation(services, 'getMyDelivery', { path: { deliveryNo } }).then(
      (d) => {
        if (!live) return;
        setAnswer({ key: readKey, result: { kind: 'delivery', delivery: d } });
        setWithOrder(d.noPo !== 'Y');
        setPoNo(d.poNo ?? '');
        setCurrency(d.currency);
        setHeader({
          deliveryDate: d.deliveryDate, arrivalDate: d.arrivalDate ?? '', delivererName: d.delivererName ?? '', delivererPhone: d.delivererPhone ?? '', vehicleNo: d.vehicleNo ?? '',
          FILE_SEQ: d.FILE_SEQ ?? '', BIGO: d.BIGO ?? '',
        });
        setLines(linesFromDelivery(d));
        setHeaderErrors({});
        setLineErrors({});
      },
      (e: unknown) => live && setAnswer({ key: readKey, result: { kind: 'failed', message: e instanceof OperationError ? (e.serverMessage ?? e.message) : e instanceof Error ? e.message : String(e) } }),
    );
    return () => {
      live = false;
    };
  }, [services, deliveryNo, readKey]);

  // Without a number the screen creates; with one it waits for that number's answer.
  const loaded: Loaded = !deliveryNo ? { kind: 'create' } : answer && answer.key === readKey ? answer.result : answer && answer.key.startsWith(`${deliveryNo}#`) ? answer.result : { kind: 'loading' };
  const creating = loaded.kind === 'create';
  const delivery = loaded.kind === 'delivery' ? loaded.delivery : null;
  const editable = canWrite && (creating || delivery?.status === 'REGISTERED');

  // Creating: my acknowledged orders with something still open.
  useEffect(() => {
    if (!creating || staffView) return;
    let live = true;
    callOperation(services, 'listDeliverableOrders', { query: { page: 1, size: 200, sort: 'poDate:desc' } }).then(
      (answer) => live && setOrders(answer.rows.map((o) => ({ value: o.poNo, text: `${o.poNo} · ${o.title}${o.dueDate ? ` (${t(`${T}.due`)} ${o.dueDate})` : ''}` }))),
      (e: unknown) => {
        if (!live) return;
        setOrders([]);
        void frame.alertError(e);
      },
    );
    return () => {
      live = false;
    };
  }, [creating, staffView, services, frame, t]);

  // Creating against an order: its lines and open quantities.
  useEffect(() => {
    if (!creating || !withOrder || !poNo) return;
    let live = true;
    callOperation(services, 'getDeliverableOrder', { path: { poNo } }).then(
      (o) => {
        if (!live) return;
        setPicked({ poNo, order: o });
        setCurrency(o.order.currency);
        setLines(linesFromOrder(o));
        setLineErrors({});
      },
      (e: unknown) => {
        if (!live) return;
        setPicked({ poNo, order: null });
        setLines([]);
        void frame.alertError(e);
      },
    );
    return () => {
      live = false;
    };
  }, [creating, withOrder, poNo, services, frame]);

  const order = creating && withOrder && picked && picked.poNo === poNo ? picked.order : null;
  /** Another order (or none): its lines come when it has been read. */
  const pickOrder = (next: string) => {
    setPoNo(next);
    setLines([]);
    setLineErrors({});
  };

  const setLine = (key: string, patch: Partial<LineDraft>) => {
    setLines((old) => old.map((l) => (l.key === key ? { ...l, ...patch } : l)));
    if (lineErrors[key]) setLineErrors(({ [key]: _, ...rest }) => rest);
  };
  const setHead = (patch: Partial<HeaderDraft>) => {
    setHeader((h) => ({ ...h, ...patch }));
    setHeaderErrors((old) => Object.fromEntries(Object.entries(old).filter(([k]) => !(k in patch))));
  };

  const total = useMemo(() => {
    const amounts = lines.filter((l) => positive(l.quantity) && PRICE.test(l.PRICE.trim())).map((l) => multiplyQtyPrice(l.quantity.trim(), l.PRICE.trim(), 0));
    return amounts.length ? sumDecimals(amounts) : '0';
  }, [lines]);

  const lineAmount = (l: LineDraft) => (positive(l.quantity) && PRICE.test(l.PRICE.trim()) ? formatMoney(multiplyQtyPrice(l.quantity.trim(), l.PRICE.trim(), 0), currency) : '');

  /** The server's field errors: body/<field> at the header, body/lines/<i>/<field> at the line sent i-th. */
  const showServerErrors = useCallback((e: unknown, keys: string[]) => {
    if (!(e instanceof OperationError)) return;
    const h: Record<string, string> = {};
    const l: Record<string, string> = {};
    for (const fe of e.fieldErrors) {
      const parts = fe.path.split('/');
      if (parts[0] !== 'body') continue;
      if (parts[1] === 'lines' && parts.length >= 3 && keys[Number(parts[2])]) l[keys[Number(parts[2])]] = fe.message;
      else if (parts[1]) h[parts[1]] = fe.message;
    }
    setHeaderErrors(h);
    setLineErrors(l);
  }, []);

  const save = async () => {
    const checked = checkDraft(header, lines, withOrder, t);
    const { body: sentLines, keys } = bodyLines(lines, withOrder);
    setHeaderErrors(checked.header);
    setLineErrors(checked.lines);
    if (creating && withOrder && !poNo) {
      await frame.alert(t(`${T}.chooseOrderFirst`));
      return;
    }
    if (Object.keys(checked.header).length || Object.keys(checked.lines).length) {
      await frame.alert(t('engine.rowsInvalid'));
      return;
    }
    if (sentLines.length === 0) {
      await frame.alert(t(`${T}.noLines`));
      return;
    }
    if (!(await frame.confirm(t(creating ? `${T}.confirmRegister` : `${T}.confirmUpdate`)))) return;
    const head = {
      deliveryDate: header.deliveryDate, arrivalDate: opt(header.arrivalDate), delivererName: opt(header.delivererName), delivererPhone: opt(header.delivererPhone),
      vehicleNo: opt(header.vehicleNo), FILE_SEQ: opt(header.FILE_SEQ), BIGO: opt(header.BIGO),
    };
    setBusy(true);
    try {
      if (creating) {
        const created = await callOperation(services, 'createDelivery', {
          body: { ...head, ...(withOrder ? { poNo } : { currency: currency as 'KRW' | 'JPY' }), lines: sentLines as never },
        });
        frame.notify(t(`${T}.registered`, { deliveryNo: created.deliveryNo }));
        await frame.open({ screen: 'fulfilmentDelivery.deliverEdit' }, { deliveryNo: created.deliveryNo });
      } else if (delivery) {
        await callOperation(services, 'updateDelivery', { path: { deliveryNo: delivery.deliveryNo }, body: { version: delivery.version, ...head, lines: sentLines as never } });
        frame.notify(t('ui.saved'));
        setReloadTick((n) => n + 1);
      }
    } catch (e) {
      showServerErrors(e, keys);
      await frame.alertError(e);
    } finally {
      setBusy(false);
    }
  };

  const cancelDelivery = async () => {
    if (!delivery) return;
    const answer = await frame.prompt(
      { message: `${T}.confirmCancel`, fields: [{ field: 'reason', label: `${F}.cancelReason`, widget: 'textarea', rows: 3, required: true, maxLength: 500 }] },
      { title: t('screen.fulfilmentDelivery.action.cancelDelivery'), scope: {} },
    );
    if (!answer) return;
    setBusy(true);
    try {
      await callOperation(services, 'cancelDelivery', { path: { deliveryNo: delivery.deliveryNo }, body: { version: delivery.version, reason: String(answer.reason ?? '') } });
      frame.notify(t(`${T}.cancelled`));
      setReloadTick((n) => n + 1);
    } catch (e) {
      await frame.alertError(e);
    } finally {
      setBusy(false);
    }
  };

  // Staff register nothing: without a delivery there is nothing to show.
  if (staffView && creating) return <p className={styles.muted}>{t('screen.supplierView.pickDelivery')}</p>;
  if (loaded.kind === 'loading') return <p className={styles.muted}>{t('engine.loading')}</p>;
  if (loaded.kind === 'failed')
    return (
      <div className={styles.warning} role="alert">
        {t('engine.loadFailed', { message: loaded.message })}{' '}
        <WidgetButton size="small" onClick={() => setReloadTick((n) => n + 1)}>
          {t('engine.retry')}
        </WidgetButton>
      </div>
    );

  const codeText = (group: string, value: string | null | undefined) => services.codes(group).find((c) => c.value === value)?.text ?? value ?? '';
  const readOnly = !editable;

  return (
    <div className={styles.page} data-testid="deliver-edit">
      {delivery && (
        <dl className={styles.summary} aria-label={t(`${T}.summary`)}>
          <div>
            <dt>{t(`${F}.deliveryNo`)}</dt>
            <dd>{delivery.deliveryNo}</dd>
          </div>
          {staffView && (
            <div>
              <dt>{t('screen.supplierView.compName')}</dt>
              <dd data-testid="delivery-company">{delivery.compName}</dd>
            </div>
          )}
          <div>
            <dt>{t(`${F}.deliveryStatus`)}</dt>
            <dd data-testid="delivery-status">{codeText('DELIVERY_STATUS', delivery.status)}</dd>
          </div>
          <div>
            <dt>{t(`${F}.noPo`)}</dt>
            <dd>{t(`screen.fulfilmentDelivery.option.noPo.${delivery.noPo === 'Y' ? 'Y' : 'N'}`)}</dd>
          </div>
          {delivery.poNo && (
            <div>
              <dt>{t(`${F}.poNo`)}</dt>
              <dd>
                {delivery.poNo} {delivery.poTitle ? `· ${delivery.poTitle}` : ''}
              </dd>
            </div>
          )}
          {delivery.receivedAt && (
            <div>
              <dt>{t(`${F}.receivedAt`)}</dt>
              <dd>{new Date(delivery.receivedAt).toLocaleString('ko-KR', { timeZone: BUSINESS_TIME_ZONE })}</dd>
            </div>
          )}
          {delivery.cancelReason && (
            <div>
              <dt>{t(`${F}.cancelReason`)}</dt>
              <dd>{delivery.cancelReason}</dd>
            </div>
          )}
        </dl>
      )}
      {delivery && delivery.status !== 'REGISTERED' && <p className={styles.note}>{t(`${T}.notEditable`)}</p>}
      {!withOrder && <p className={styles.note}>{t(`${T}.noPoNotice`)}</p>}

      {creating && (
        <section className={styles.panel} aria-label={t(`${T}.orderSection`)}>
          <div className={styles.modes} role="radiogroup" aria-label={t(`${F}.noPo`)}>
            <label>
              <input type="radio" name="deliver-mode" checked={withOrder} disabled={readOnly} onChange={() => { setWithOrder(true); setLines([]); setLineErrors({}); }} />
              {t(`${T}.withOrder`)}
            </label>
            <label>
              <input type="radio" name="deliver-mode" checked={!withOrder} disabled={readOnly} onChange={() => { setWithOrder(false); setPoNo(''); setLines([blankLine()]); setLineErrors({}); }} />
              {t(`${T}.withoutOrder`)}
            </label>
          </div>
          {withOrder ? (
            <div className={styles.orderRow}>
              <Select
                label={t(`${T}.order`)}
                value={poNo}
                onChange={pickOrder}
                options={orders ?? []}
                empty="choose"
                disabled={readOnly || orders === null}
                required
                block
              />
              {orders !== null && orders.length === 0 && <p className={styles.note}>{t(`${T}.noOrders`)}</p>}
              {order && (
                <p className={styles.muted}>
                  {t(`${T}.orderInfo`, { poDate: order.order.poDate, dueDate: order.order.dueDate ?? '-', currency: order.order.currency, amount: formatMoney(order.order.totalAmount, order.order.currency) })}
                </p>
              )}
            </div>
          ) : (
            <div className={styles.grid}>
              <Select label={t(`${F}.currency`)} value={currency} onChange={setCurrency} codeGroup="CURRENCY" options={services.codes('CURRENCY')} empty={false} disabled={readOnly} required block />
            </div>
          )}
        </section>
      )}

      <section className={styles.panel} aria-label={t('screen.fulfilmentDelivery.section.delivery')}>
        <h3 className={styles.sectionTitle}>{t('screen.fulfilmentDelivery.section.delivery')}</h3>
        <div className={styles.grid}>
          <DateInput label={t(`${F}.deliveryDate`)} value={header.deliveryDate} onChange={(v) => setHead({ deliveryDate: v })} readOnly={readOnly} required invalid={headerErrors.deliveryDate ?? null} block />
          <DateInput label={t(`${F}.arrivalDate`)} value={header.arrivalDate} onChange={(v) => setHead({ arrivalDate: v })} readOnly={readOnly} invalid={headerErrors.arrivalDate ?? null} block />
          <TextInput label={t(`${F}.delivererName`)} value={header.delivererName} onChange={(v) => setHead({ delivererName: v })} readOnly={readOnly} maxRealLength={50} invalid={headerErrors.delivererName ?? null} block />
          <MaskedInput label={t(`${F}.delivererPhone`)} mask="phone" value={header.delivererPhone} onChange={(v) => setHead({ delivererPhone: v })} readOnly={readOnly} invalid={headerErrors.delivererPhone ?? null} block />
          <TextInput label={t(`${F}.vehicleNo`)} value={header.vehicleNo} onChange={(v) => setHead({ vehicleNo: v })} readOnly={readOnly} maxRealLength={20} invalid={headerErrors.vehicleNo ?? null} block />
          <div className={styles.wide}>
            <TextInput label={t(`${F}.BIGO`)} value={header.BIGO} onChange={(v) => setHead({ BIGO: v })} readOnly={readOnly} multiline rows={2} maxRealLength={1000} invalid={headerErrors.BIGO ?? null} block />
          </div>
        </div>
      </section>

      <section className={styles.panel} aria-label={t('screen.fulfilmentDelivery.section.lines')}>
        <h3 className={styles.sectionTitle}>
          {t('screen.fulfilmentDelivery.section.lines')}
          <span className={styles.total} data-testid="delivery-total">
            {t(`${T}.total`, { currency, amount: formatMoney(total, currency) })}
          </span>
        </h3>
        {withOrder && creating && !poNo ? (
          <p className={styles.muted}>{t(`${T}.chooseOrder`)}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  {withOrder && <th className={styles.num}>{t(`${F}.poLineNo`)}</th>}
                  <th>{t(`${F}.itemCode`)}</th>
                  <th>{t(`${F}.itemName`)}</th>
                  <th>{t(`${F}.spec`)}</th>
                  <th>{t(`${F}.unitCode`)}</th>
                  {withOrder && <th className={styles.num}>{t(`${F}.poQuantity`)}</th>}
                  {withOrder && <th className={styles.num}>{t(`${T}.available`)}</th>}
                  <th className={styles.num}>{t(`${F}.deliveredQuantity`)}</th>
                  <th className={styles.num}>{t(`${F}.PRICE`)}</th>
                  <th className={styles.num}>{t(`${F}.AMT`)}</th>
                  <th>{t(`${F}.BIGO`)}</th>
                  {!withOrder && editable && <th aria-label={t(`${T}.removeLine`)} />}
                </tr>
              </thead>
              <tbody>
                {lines.map((l, i) => {
                  const cell = (field: keyof LineDraft, label: string, width?: number) =>
                    withOrder || readOnly ? (
                      <td>{l[field] as string}</td>
                    ) : (
                      <td>
                        <input className={styles.cellInput} style={width ? { width } : undefined} aria-label={`${label} ${i + 1}`} value={l[field] as string} onChange={(e) => setLine(l.key, { [field]: e.target.value })} />
                      </td>
                    );
                  return (
                    <tr key={l.key} data-line={i + 1} aria-invalid={lineErrors[l.key] ? true : undefined}>
                      {withOrder && <td className={styles.num}>{l.poLineNo}</td>}
                      {cell('itemCode', t(`${F}.itemCode`), 90)}
                      {cell('itemName', t(`${F}.itemName`), 180)}
                      {cell('spec', t(`${F}.spec`), 120)}
                      {cell('unitCode', t(`${F}.unitCode`), 50)}
                      {withOrder && <td className={styles.num}>{l.ordered ? trimQty(l.ordered) : ''}</td>}
                      {withOrder && <td className={styles.num}>{l.available ? trimQty(l.available) : ''}</td>}
                      <td className={styles.num}>
                        {readOnly ? (
                          trimQty(l.quantity)
                        ) : (
                          <input className={`${styles.cellInput} ${styles.numInput}`} inputMode="decimal" aria-label={`${t(`${F}.deliveredQuantity`)} ${i + 1}`} value={l.quantity} onChange={(e) => setLine(l.key, { quantity: e.target.value })} />
                        )}
                        {lineErrors[l.key] && (
                          <span className={styles.cellError} role="alert">
                            {lineErrors[l.key]}
                          </span>
                        )}
                      </td>
                      {withOrder || readOnly ? (
                        <td className={styles.num}>{l.PRICE ? formatMoney(l.PRICE, currency) : ''}</td>
                      ) : (
                        <td className={styles.num}>
                          <input className={`${styles.cellInput} ${styles.numInput}`} inputMode="decimal" aria-label={`${t(`${F}.PRICE`)} ${i + 1}`} value={l.PRICE} onChange={(e) => setLine(l.key, { PRICE: e.target.value })} />
                        </td>
                      )}
                      <td className={styles.num}>{lineAmount(l)}</td>
                      <td>
                        {readOnly ? (
                          l.BIGO
                        ) : (
                          <input className={styles.cellInput} aria-label={`${t(`${F}.BIGO`)} ${i + 1}`} value={l.BIGO} maxLength={500} onChange={(e) => setLine(l.key, { BIGO: e.target.value })} />
                        )}
                      </td>
                      {!withOrder && editable && (
                        <td>
                          <WidgetButton size="small" onClick={() => setLines((old) => old.filter((x) => x.key !== l.key))} disabled={lines.length <= 1} aria-label={`${t(`${T}.removeLine`)} ${i + 1}`}>
                            {t(`${T}.removeLine`)}
                          </WidgetButton>
                        </td>
                      )}
                    </tr>
                  );
                })}
                {lines.length === 0 && (
                  <tr>
                    <td colSpan={11} className={styles.muted}>
                      {t(`${T}.noOpenLines`)}
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
            {!withOrder && editable && (
              <WidgetButton size="small" onClick={() => setLines((old) => [...old, blankLine()])} data-action="add-line">
                {t('engine.addRow')}
              </WidgetButton>
            )}
            {withOrder && editable && <p className={styles.help}>{t(`${T}.quantityHelp`)}</p>}
          </div>
        )}
      </section>

      <section className={styles.panel} aria-label={t('screen.fulfilmentDelivery.section.documents')}>
        <h3 className={styles.sectionTitle}>{t('screen.fulfilmentDelivery.section.documents')}</h3>
        <FileUpload fileId={header.FILE_SEQ || null} readOnly={readOnly} onChange={(g) => g.fileId !== header.FILE_SEQ && setHead({ FILE_SEQ: g.fileId })} aria-label={t('screen.fulfilmentDelivery.section.documents')} />
        {headerErrors.FILE_SEQ && (
          <p className={styles.cellError} role="alert">
            {headerErrors.FILE_SEQ}
          </p>
        )}
      </section>

      <div className={styles.toolbar}>
        <WidgetButton onClick={() => frame.leave(false)} data-action="back">
          {t('engine.back')}
        </WidgetButton>
        <div className={styles.actions}>
          {delivery && delivery.status === 'REGISTERED' && canWrite && (
            <WidgetButton onClick={() => void cancelDelivery()} disabled={busy} data-action="cancel" className={styles.danger}>
              {t('screen.fulfilmentDelivery.action.cancelDelivery')}
            </WidgetButton>
          )}
          {editable && (
            <WidgetButton variant="primary" onClick={() => void save()} disabled={busy} data-action="save">
              {t(creating ? 'screen.fulfilmentDelivery.action.register' : 'ui.save')}
            </WidgetButton>
          )}
        </div>
      </div>
    </div>
  );
}
