/**
 * /dataDownload — bulk Excel extracts (자료 다운로드): goods receipt lines by the warehousing
 * filter of spec §3, and settlements (one row per settlement or per settlement line) by month,
 * supplier and state. The server builds each workbook itself, streamed page by page, up to
 * 100,000 rows (beyond that it refuses with the count, and the user narrows the filter).
 *
 * Why a custom component: this page shows no rows at all — it is two filter forms whose result
 * is a file the server writes (GET …/data-download/receipts|settlements answers a streamed .xlsx
 * with its row count in X-Total-Count). The list kind's 엑셀 다운로드 builds the file in the
 * browser from the JSON pages of a list operation; no definition kind or action fetches a file
 * the server produces and saves it with the user's token.
 */
import { useState } from 'react';
import type { CustomScreenProps } from '../../../engine';
import { useFrame } from '../../../engine/runtime/frame';
import { useEngineText } from '../../../engine/text';
import { WidgetButton } from '../../../widgets/common/button';
import { DateRange, type DateRangeValue } from '../../../widgets/date-range/date-range';
import { CompanyNumberInput } from '../../../widgets/masked-input/company-number-input';
import { MonthRange, type MonthRangeValue } from '../../../widgets/month-range/month-range';
import { MultiSelect } from '../../../widgets/multi-select/multi-select';
import { Select } from '../../../widgets/select/select';
import { TextInput } from '../../../widgets/text-input/text-input';
import { saveFile, useSettlementFiles } from './settlement-files';
import styles from './settlement.module.css';

const T = 'screen.settlement.dataDownload';

interface ReceiptFilter {
  whReqDates: DateRangeValue;
  lastDeciDates: DateRangeValue;
  status: string[];
  approvalStatus: string[];
  system: string;
  sourceSystemList: string[];
  expenses: string;
  poNo: string;
  deptName: string;
}

interface SettlementFilter {
  periods: MonthRangeValue;
  compNo: string;
  status: string[];
  level: string;
}

const range = (v: { from: string; to: string }) => (v.from || v.to ? [v.from, v.to] : undefined);

/** Today − 1 month … today, as the warehousing lists start. */
function lastMonth(today = new Date()): DateRangeValue {
  const day = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const from = new Date(today.getFullYear(), today.getMonth() - 1, today.getDate());
  return { from: day(from), to: day(today) };
}

function thisYear(today = new Date()): MonthRangeValue {
  const y = today.getFullYear();
  return { from: `${y}01`, to: `${y}${String(today.getMonth() + 1).padStart(2, '0')}` };
}

const startReceipts = (): ReceiptFilter => ({
  whReqDates: { from: '', to: '' },
  lastDeciDates: lastMonth(),
  status: ['DECIDED'],
  approvalStatus: [],
  system: '',
  sourceSystemList: [],
  expenses: '',
  poNo: '',
  deptName: '',
});
const startSettlements = (): SettlementFilter => ({ periods: thisYear(), compNo: '', status: [], level: 'line' });

export default function SettlementDataDownload(_: CustomScreenProps) {
  const frame = useFrame();
  const settlementFiles = useSettlementFiles();
  const t = useEngineText();
  const [receipts, setReceipts] = useState<ReceiptFilter>(startReceipts);
  const [settlements, setSettlements] = useState<SettlementFilter>(startSettlements);
  const [busy, setBusy] = useState<'receipts' | 'settlements' | null>(null);
  const [done, setDone] = useState<{ kind: 'receipts' | 'settlements'; text: string } | null>(null);
  const f = (name: string) => t(`${T}.field.${name}`);

  const download = async (kind: 'receipts' | 'settlements') => {
    const query =
      kind === 'receipts'
        ? {
            whReqDates: range(receipts.whReqDates),
            lastDeciDates: range(receipts.lastDeciDates),
            status: receipts.status,
            approvalStatus: receipts.approvalStatus,
            system: receipts.system,
            sourceSystemList: receipts.sourceSystemList,
            expenses: receipts.expenses,
            poNo: receipts.poNo,
            deptName: receipts.deptName,
          }
        : {
            periods: range(settlements.periods),
            compNo: settlements.compNo,
            status: settlements.status,
            level: settlements.level,
          };
    setBusy(kind);
    setDone(null);
    try {
      const file = await settlementFiles.extract(kind, query);
      const name = file.fileName ?? `${t(`${T}.${kind}.file`)}.xlsx`;
      saveFile(file.blob, name);
      setDone({ kind, text: t(`${T}.done`, { count: (file.total ?? 0).toLocaleString('ko-KR'), name }) });
    } catch (e) {
      await frame.alertError(e);
    } finally {
      setBusy(null);
    }
  };

  const footer = (kind: 'receipts' | 'settlements', reset: () => void) => (
    <div className={styles.footer}>
      {done?.kind === kind && (
        <span className={styles.result} role="status">
          {done.text}
        </span>
      )}
      {busy === kind && <span className={styles.muted}>{t(`${T}.building`)}</span>}
      <WidgetButton onClick={reset} disabled={busy !== null} data-action={`reset-${kind}`}>
        {t('ui.reset')}
      </WidgetButton>
      <WidgetButton
        variant="primary"
        onClick={() => void download(kind)}
        disabled={busy !== null}
        data-action={`download-${kind}`}
      >
        {t(`${T}.download`)}
      </WidgetButton>
    </div>
  );

  return (
    <div className={styles.extracts}>
      <p className={styles.muted}>{t(`${T}.intro`)}</p>
      <section className={styles.panel} aria-labelledby="dd-receipts">
        <div className={styles.panelHead}>
          <h2 id="dd-receipts">{t(`${T}.receipts.title`)}</h2>
          <p className={styles.muted}>{t(`${T}.receipts.help`)}</p>
        </div>
        <div className={styles.fields}>
          <div className={styles.wide}>
            <DateRange
              label={f('lastDeciDates')}
              value={receipts.lastDeciDates}
              onChange={(v) => setReceipts((r) => ({ ...r, lastDeciDates: v }))}
              block
            />
          </div>
          <div className={styles.wide}>
            <DateRange
              label={f('whReqDates')}
              value={receipts.whReqDates}
              onChange={(v) => setReceipts((r) => ({ ...r, whReqDates: v }))}
              block
            />
          </div>
          <MultiSelect
            label={f('whStatus')}
            codeGroup="WH_STATUS"
            value={receipts.status}
            onChange={(v) => setReceipts((r) => ({ ...r, status: v }))}
            placeholder={t(`${T}.all`)}
            block
          />
          <MultiSelect
            label={f('approvalStatus')}
            codeGroup="APPROVAL_STATUS"
            value={receipts.approvalStatus}
            onChange={(v) => setReceipts((r) => ({ ...r, approvalStatus: v }))}
            placeholder={t(`${T}.all`)}
            block
          />
          <Select
            label={f('system')}
            value={receipts.system}
            onChange={(v) => setReceipts((r) => ({ ...r, system: v }))}
            options={[
              { value: 'GPMS', text: t(`${T}.option.system.GPMS`) },
              { value: 'OTHER', text: t(`${T}.option.system.OTHER`) },
            ]}
            empty="all"
            block
          />
          <MultiSelect
            label={f('sourceSystemList')}
            codeGroup="SOURCE_SYSTEM"
            value={receipts.sourceSystemList}
            onChange={(v) => setReceipts((r) => ({ ...r, sourceSystemList: v }))}
            placeholder={t(`${T}.all`)}
            block
          />
          <Select
            label={f('expenses')}
            codeGroup="EXPENSES"
            value={receipts.expenses}
            onChange={(v) => setReceipts((r) => ({ ...r, expenses: v }))}
            empty="all"
            block
          />
          <TextInput
            label={f('poNo')}
            value={receipts.poNo}
            onChange={(v) => setReceipts((r) => ({ ...r, poNo: v }))}
            maxRealLength={20}
            showCounter={false}
            onEnter={() => void download('receipts')}
            block
          />
          <TextInput
            label={f('deptName')}
            value={receipts.deptName}
            onChange={(v) => setReceipts((r) => ({ ...r, deptName: v }))}
            maxRealLength={100}
            showCounter={false}
            onEnter={() => void download('receipts')}
            block
          />
        </div>
        {footer('receipts', () => setReceipts(startReceipts()))}
      </section>

      <section className={styles.panel} aria-labelledby="dd-settlements">
        <div className={styles.panelHead}>
          <h2 id="dd-settlements">{t(`${T}.settlements.title`)}</h2>
          <p className={styles.muted}>{t(`${T}.settlements.help`)}</p>
        </div>
        <div className={styles.fields}>
          <div className={styles.wide}>
            <MonthRange
              label={f('periods')}
              value={settlements.periods}
              onChange={(v) => setSettlements((s) => ({ ...s, periods: v }))}
              block
            />
          </div>
          <CompanyNumberInput
            label={f('compNo')}
            mask="comp"
            value={settlements.compNo}
            onChange={(v) => setSettlements((s) => ({ ...s, compNo: v }))}
            block
          />
          <MultiSelect
            label={f('settleStatus')}
            codeGroup="SETTLE_STATUS"
            value={settlements.status}
            onChange={(v) => setSettlements((s) => ({ ...s, status: v }))}
            placeholder={t(`${T}.all`)}
            block
          />
          <Select
            label={f('level')}
            value={settlements.level}
            onChange={(v) => setSettlements((s) => ({ ...s, level: v }))}
            options={[
              { value: 'line', text: t(`${T}.option.level.line`) },
              { value: 'header', text: t(`${T}.option.level.header`) },
            ]}
            empty={false}
            block
          />
        </div>
        {footer('settlements', () => setSettlements(startSettlements()))}
      </section>
    </div>
  );
}
