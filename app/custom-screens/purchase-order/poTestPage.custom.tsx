/**
 * /testPo — the PO test page (spec §2 "PO test page (development only)"): a developer's bench for
 * the order rules, next to the real screens. Three checks against the running server:
 *  1. FORWARD_YN of any companies (POST /api/v1/OrderApproval/getForwardYn, spec §7) and the
 *     approval message each would get (approval.forwardY / approval.forwardN, spec §4);
 *  2. one order as the server answers it (getPo): state, the caller's actions, the open approval
 *     round, and the raw answer;
 *  3. whether an amount would pass as a simple order (getSimpleOrderLimit: the limit and the JPY
 *     rate, the KRW conversion of spec §5).
 *
 * Why a custom component: a definition renders one record, one list or one dashboard of a
 * document; this page runs free-standing calls with ad-hoc inputs and shows raw answers side by
 * side — a developer tool, not a document screen. It is mounted only where development pages are
 * (vite dev, tests, or a build with VITE_DEV_PAGES=true; see screens/purchase-order/testPo.screen.ts)
 * and refuses to show anything otherwise.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  callOperation,
  OperationError,
  useEngineServices,
  type CustomScreenProps,
  type ResultOf,
} from '../../../engine';
import { useEngineText } from '../../../engine/text';
import { compareDecimals, formatMoney, jpyToKrw } from '../../../lib/money';
import { WidgetButton } from '../../../widgets/common/button';
import { Select } from '../../../widgets/select/select';
import { TextInput } from '../../../widgets/text-input/text-input';
import styles from './poTestPage.module.css';

const T = 'screen.purchaseOrder.testPage';

/** Development pages exist in vite dev, in tests, and in builds made with VITE_DEV_PAGES=true. */
export const PO_TEST_PAGE_ENABLED: boolean = !!import.meta.env?.DEV || import.meta.env?.VITE_DEV_PAGES === 'true';

type ForwardRow = ResultOf<'getForwardYn'>['resultData'][number];
type Po = ResultOf<'getPo'>;
type Limit = ResultOf<'getSimpleOrderLimit'>;

function errorText(e: unknown): string {
  if (e instanceof OperationError) return `${e.status}${e.code ? ` ${e.code}` : ''}: ${e.serverMessage ?? e.message}`;
  return e instanceof Error ? e.message : String(e);
}

function ForwardCheck() {
  const services = useEngineServices();
  const t = useEngineText();
  const [companies, setCompanies] = useState('C00001, C00002');
  const [rows, setRows] = useState<ForwardRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setError(null);
    const params = companies
      .split(/[\s,]+/)
      .map((c) => c.trim())
      .filter(Boolean);
    try {
      setRows((await callOperation(services, 'getForwardYn', { body: { params } })).resultData);
    } catch (e) {
      setRows(null);
      setError(errorText(e));
    }
  };
  return (
    <section className={styles.panel} aria-labelledby="po-test-forward">
      <h2 id="po-test-forward" className={styles.title}>
        {t(`${T}.forwardTitle`)}
      </h2>
      <div className={styles.inputs}>
        <TextInput
          label={t(`${T}.companies`)}
          value={companies}
          onChange={setCompanies}
          onEnter={() => void run()}
          width={320}
        />
        <WidgetButton variant="primary" onClick={() => void run()}>
          {t(`${T}.run`)}
        </WidgetButton>
      </div>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {rows && (
        <table className={styles.table}>
          <thead>
            <tr>
              <th>COMP_NO</th>
              <th>COMP_NAME_KR</th>
              <th>TAX_NO_2</th>
              <th>FORWARD_YN</th>
              <th>{t(`${T}.message`)}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={5}>{t(`${T}.none`)}</td>
              </tr>
            )}
            {rows.map((r) => (
              <tr key={r.COMP_NO}>
                <td>{r.COMP_NO}</td>
                <td>{r.COMP_NAME_KR}</td>
                <td>{r.TAX_NO_2}</td>
                <td>{r.FORWARD_YN}</td>
                <td>{t(r.FORWARD_YN === 'Y' ? 'approval.forwardY' : 'approval.forwardN')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function OrderLookup({ initial }: { initial: string }) {
  const services = useEngineServices();
  const t = useEngineText();
  const [poNo, setPoNo] = useState(initial);
  const [po, setPo] = useState<Po | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setError(null);
    try {
      setPo(await callOperation(services, 'getPo', { path: { poNo: poNo.trim() } }));
    } catch (e) {
      setPo(null);
      setError(errorText(e));
    }
  };
  const codeText = (group: string, value: string) =>
    services.codes(group).find((c) => c.value === value)?.text ?? value;
  return (
    <section className={styles.panel} aria-labelledby="po-test-order">
      <h2 id="po-test-order" className={styles.title}>
        {t(`${T}.orderTitle`)}
      </h2>
      <div className={styles.inputs}>
        <TextInput
          label={t('screen.purchaseOrder.f.poNo')}
          value={poNo}
          onChange={setPoNo}
          onEnter={() => void run()}
          width={200}
          placeholder="PO2026-000001"
        />
        <WidgetButton variant="primary" onClick={() => void run()} disabled={poNo.trim() === ''}>
          {t(`${T}.run`)}
        </WidgetButton>
      </div>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {po && (
        <>
          <dl className={styles.facts} aria-label={t(`${T}.summary`)}>
            <dt>{t('screen.purchaseOrder.f.poNo')}</dt>
            <dd>
              <Link
                to={`/${po.poType === 'SIMPLE' ? 'SimpleOrderEdit' : 'OrderRequestEdit'}?poNo=${encodeURIComponent(po.poNo)}`}
              >
                {po.poNo}
              </Link>
            </dd>
            <dt>{t('screen.purchaseOrder.f.poStatus')}</dt>
            <dd>{codeText('PO_STATUS', po.status)}</dd>
            <dt>{t('screen.purchaseOrder.f.approvalStatus')}</dt>
            <dd>{codeText('APPROVAL_STATUS', po.approvalStatus)}</dd>
            <dt>{t('screen.purchaseOrder.f.supplier')}</dt>
            <dd>
              {po.compNameKr} ({po.compNo}, FORWARD_YN={po.forwardYn})
            </dd>
            <dt>{t('screen.purchaseOrder.f.totalAmount')}</dt>
            <dd>
              {formatMoney(po.totalAmount, po.currency)} {po.currency}
            </dd>
            <dt>{t(`${T}.actions`)}</dt>
            <dd>{po.actions.length ? po.actions.join(', ') : t(`${T}.noActions`)}</dd>
            <dt>{t(`${T}.pendingApproval`)}</dt>
            <dd>
              {po.pendingApprovalId === null
                ? t(`${T}.noApproval`)
                : `#${po.pendingApprovalId} v${po.pendingApprovalVersion} · ${po.currentApproverName ?? ''}`}
            </dd>
          </dl>
          <details>
            <summary>{t(`${T}.raw`)}</summary>
            <pre className={styles.raw}>{JSON.stringify(po, null, 2)}</pre>
          </details>
        </>
      )}
    </section>
  );
}

function LimitCheck() {
  const services = useEngineServices();
  const t = useEngineText();
  const [amount, setAmount] = useState('4500000');
  const [currency, setCurrency] = useState('KRW');
  const [result, setResult] = useState<{ limit: Limit; krw: string; below: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setError(null);
    const value = amount.replace(/,/g, '').trim();
    if (!/^\d+(\.\d+)?$/.test(value)) {
      setResult(null);
      setError(t(`${T}.badAmount`));
      return;
    }
    try {
      const limit = await callOperation(services, 'getSimpleOrderLimit', {});
      const krw = currency === 'JPY' ? jpyToKrw(value, limit.jpyRate) : value;
      setResult({ limit, krw, below: compareDecimals(krw, limit.limit) < 0 });
    } catch (e) {
      setResult(null);
      setError(errorText(e));
    }
  };
  return (
    <section className={styles.panel} aria-labelledby="po-test-limit">
      <h2 id="po-test-limit" className={styles.title}>
        {t(`${T}.limitTitle`)}
      </h2>
      <div className={styles.inputs}>
        <TextInput
          label={t('screen.purchaseOrder.f.amount')}
          value={amount}
          onChange={setAmount}
          onEnter={() => void run()}
          width={160}
          inputMode="decimal"
        />
        <Select
          label={t('screen.purchaseOrder.f.currency')}
          value={currency}
          onChange={setCurrency}
          codeGroup="CURRENCY"
          empty={false}
        />
        <WidgetButton variant="primary" onClick={() => void run()}>
          {t(`${T}.run`)}
        </WidgetButton>
      </div>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {result && (
        <p role="status" className={result.below ? styles.ok : styles.error}>
          {t(result.below ? `${T}.below` : `${T}.over`, {
            krw: formatMoney(result.krw, 'KRW'),
            limit: formatMoney(result.limit.limit, 'KRW'),
            rate: result.limit.jpyRate,
          })}
        </p>
      )}
    </section>
  );
}

export default function PoTestPage({ query }: CustomScreenProps) {
  const t = useEngineText();
  if (!PO_TEST_PAGE_ENABLED) return <p role="alert">{t(`${T}.disabled`)}</p>;
  return (
    <div className={styles.page}>
      <p className={styles.help}>{t('screen.purchaseOrder.h.testPo')}</p>
      <ForwardCheck />
      <OrderLookup initial={query.poNo ?? ''} />
      <LimitCheck />
    </div>
  );
}
