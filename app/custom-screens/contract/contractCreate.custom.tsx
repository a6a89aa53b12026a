/**
 * /contract/contractCreate — a new electronic contract from a template, or (`?amends=CT…`) the
 * amendment (변경계약) of an executed one. The template is chosen from the templates in use; the
 * source document (발주 or LOI) is looked up by its number or chosen in a popup of the supplier's
 * documents, which fills the supplier, the title and the amounts as the server will fill the
 * contract's variables from it. Saved, the page becomes the new contract's detail
 * (/contract/contractDetail?contractNo=…, replacing this address: F5 reloads the contract).
 * An amendment of a contract made for a PO or an LOI also carries the change of that document it
 * agrees (`sourceChange`: the order's due date and lines, the LOI's amount and last valid day), read
 * from the document's current values; only what differs from them is sent, and the server applies
 * it to the document when the amendment is executed.
 *
 * Why a custom component: the source popup lists the chosen supplier's documents of the chosen kind
 * (an edit form's choices do not follow its other fields), the lookup fills several fields from
 * another operation's answer, and the save leaves for another screen's address.
 */
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { CustomScreenProps } from '../../../engine';
import { useEngineServices } from '../../../engine/services';
import { useFrame } from '../../../engine/runtime/frame';
import { useEngineText } from '../../../engine/text';
import { WidgetButton } from '../../../widgets/common/button';
import { TextInput } from '../../../widgets/text-input/text-input';
import { Select } from '../../../widgets/select/select';
import { DateInput } from '../../../widgets/date-input/date-input';
import { MaskedInput } from '../../../widgets/masked-input/masked-input';
import { CompanyNumberInput } from '../../../widgets/masked-input/company-number-input';
import { Modal } from '../../../widgets/modal/modal';
import { useSessionStore } from '../../stores/session';
import { applyMask } from '../../../lib/mask';
import styles from './contract.module.css';

const T = 'screen.contract.create';
const F = 'screen.contract.field';
type SourceKind = 'PO' | 'LOI' | 'NONE';
/** 부가가치세 구분: the server checks the VAT against it (과세 10 %, 영세율 and 면세 0). */
type TaxType = 'TAXABLE' | 'ZERO_RATED' | 'EXEMPT';
const TAX_TYPES: readonly TaxType[] = ['TAXABLE', 'ZERO_RATED', 'EXEMPT'];

interface TemplateRow {
  templateNo: string;
  name: string;
  useYn: string;
  version: number;
}
interface SignerRow {
  userId: string;
  name: string;
}
/** A select's options for people: by name, the user id added only where two share a name. */
const signerOptions = (rows: readonly SignerRow[]) =>
  rows.map((r) => ({
    value: r.userId,
    text: rows.filter((o) => o.name === r.name).length > 1 ? `${r.name} (${r.userId})` : r.name,
  }));
interface SourceRow {
  no: string;
  title: string;
  compNo: string;
  compName: string;
  amount: string;
  date: string;
}
interface Form {
  templateNo: string;
  sourceKind: SourceKind;
  sourceNo: string;
  compNo: string;
  title: string;
  supplyAmount: string;
  vatAmount: string;
  taxType: TaxType;
  startDate: string;
  endDate: string;
  signDeadline: string;
  buyerSignerId: string;
  supplierSignerId: string;
}

interface PoLine {
  lineNo: number;
  itemName: string;
  quantity: string;
  unitPrice: string;
}
/** The amended contract's source document as it stands now. */
type SourceNow =
  | { kind: 'PO'; no: string; dueDate: string; lines: PoLine[] }
  | { kind: 'LOI'; no: string; amount: string; validUntil: string };
/** What the amendment's author typed for the source document (prefilled with its current values). */
interface SourceEdit {
  dueDate: string;
  lines: Record<number, { quantity: string; unitPrice: string }>;
  amount: string;
  validUntil: string;
}
interface SourceChange {
  dueDate?: string;
  lines?: Array<{ lineNo: number; quantity?: string; unitPrice?: string }>;
  amount?: string;
  validUntil?: string;
}

/** Today in Korean time plus `days`, as YYYY-MM-DD. */
function kstDay(days: number): string {
  const d = new Date(Date.now() + 9 * 3600_000 + days * 86_400_000);
  return d.toISOString().slice(0, 10);
}

/** A whole-won amount as the API takes it (the database's decimals dropped). */
const won = (v: unknown): string => {
  const text = String(v ?? '').trim();
  const whole = text.split('.')[0].replace(/[^\d]/g, '');
  return whole.replace(/^0+(?=\d)/, '');
};
/**
 * The VAT proposed for a supply amount, which the user may change: 10 %, rounded down to the won,
 * for a taxable contract; 0 for a zero-rated or exempt one (부가가치세법 §30, §21–24, §26).
 */
const vatOf = (supply: string, taxType: TaxType) =>
  !supply ? '' : taxType === 'TAXABLE' ? (BigInt(supply) / 10n).toString() : '0';
const taxTypeOf = (v: unknown): TaxType => (TAX_TYPES.includes(v as TaxType) ? (v as TaxType) : 'TAXABLE');

const str = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));

/**
 * A quantity or unit price in its shortest form ('10.000' → '10', '0012.50' → '12.5'), so that the
 * order's stored decimals compare equal to what is typed; anything else is left as typed for the
 * server to refuse in words.
 */
const decimal = (v: unknown): string => {
  const text = str(v).trim().replace(/,/g, '');
  if (!/^\d*(\.\d*)?$/.test(text) || !/\d/.test(text)) return text;
  const [int, frac = ''] = text.split('.');
  const whole = int.replace(/^0+(?=\d)/, '') || '0';
  const part = frac.replace(/0+$/, '');
  return part ? `${whole}.${part}` : whole;
};
const shown = (v: unknown) => applyMask('numComma', decimal(v));

/** Only what differs from the document's current values; undefined when nothing does. */
function changeOf(now: SourceNow | null, edit: SourceEdit): SourceChange | undefined {
  if (!now) return undefined;
  const out: SourceChange = {};
  if (now.kind === 'PO') {
    if (edit.dueDate && edit.dueDate !== now.dueDate) out.dueDate = edit.dueDate;
    const lines = now.lines.flatMap((l) => {
      const typed = edit.lines[l.lineNo];
      const quantity = decimal(typed?.quantity);
      const unitPrice = decimal(typed?.unitPrice);
      const line: { lineNo: number; quantity?: string; unitPrice?: string } = { lineNo: l.lineNo };
      if (quantity && quantity !== decimal(l.quantity)) line.quantity = quantity;
      if (unitPrice && unitPrice !== decimal(l.unitPrice)) line.unitPrice = unitPrice;
      return line.quantity || line.unitPrice ? [line] : [];
    });
    if (lines.length) out.lines = lines;
  } else {
    const amount = won(edit.amount);
    if (amount && amount !== now.amount) out.amount = amount;
    if (edit.validUntil && edit.validUntil !== now.validUntil) out.validUntil = edit.validUntil;
  }
  return Object.keys(out).length ? out : undefined;
}

export default function ContractCreate({ query }: CustomScreenProps) {
  const services = useEngineServices();
  const frame = useFrame();
  const t = useEngineText();
  const ids = { kind: useId(), no: useId() };
  const amends = query.amends ?? '';
  const userId = useSessionStore((s) => s.user?.userId ?? '');
  const [templates, setTemplates] = useState<TemplateRow[]>([]);
  const [buyerSigners, setBuyerSigners] = useState<SignerRow[]>([]);
  // The supplier's signers, with the supplier they were read for.
  const [supplierSigners, setSupplierSigners] = useState<{ compNo: string; rows: SignerRow[] }>({
    compNo: '',
    rows: [],
  });
  const [busy, setBusy] = useState(false);
  const [picking, setPicking] = useState<SourceRow[] | null>(null);
  const [original, setOriginal] = useState<{ contractNo: string; title: string; compNo: string } | null>(null);
  const [sourceNow, setSourceNow] = useState<SourceNow | null>(null);
  const [edit, setEdit] = useState<SourceEdit>({ dueDate: '', lines: {}, amount: '', validUntil: '' });
  const [form, setForm] = useState<Form>(() => ({
    templateNo: '',
    sourceKind: query.sourceKind === 'LOI' ? 'LOI' : query.sourceKind === 'PO' ? 'PO' : 'NONE',
    sourceNo: query.sourceNo ?? '',
    compNo: '',
    title: '',
    supplyAmount: '',
    vatAmount: '',
    taxType: 'TAXABLE',
    startDate: '',
    endDate: '',
    signDeadline: kstDay(14),
    buyerSignerId: userId,
    supplierSignerId: '',
  }));
  const set = useCallback((patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch })), []);

  useEffect(() => {
    let live = true;
    // The list answers a page (50 rows unless asked for more): the choice offers up to 500 templates.
    services.call('listContractTemplates', { query: { size: 500 } }).then(
      (answer) => {
        if (!live) return;
        const rows = ((answer as { rows: TemplateRow[] }).rows ?? []).filter((r) => r.useYn === 'Y');
        setTemplates(rows);
        setForm((f) => (f.templateNo || amends || rows.length !== 1 ? f : { ...f, templateNo: rows[0].templateNo }));
      },
      (e: unknown) => live && void frame.alertError(e),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the screen opens
  }, []);

  // The people who may sign, by name: the company's staff allowed to sign…
  useEffect(() => {
    let live = true;
    services.call('listContractSigners', { query: { party: 'BUYER' } }).then(
      (answer) => live && setBuyerSigners((answer as { rows: SignerRow[] }).rows ?? []),
      (e: unknown) => live && void frame.alertError(e),
    );
    return () => {
      live = false;
    };
  }, [services, frame]);

  // …and the chosen supplier's users allowed to sign.
  const signerCompNo = form.compNo.trim();
  useEffect(() => {
    if (!signerCompNo) return;
    let live = true;
    services.call('listContractSigners', { query: { party: 'SUPPLIER', compNo: signerCompNo } }).then(
      (answer) =>
        live && setSupplierSigners({ compNo: signerCompNo, rows: (answer as { rows: SignerRow[] }).rows ?? [] }),
      () => live && setSupplierSigners({ compNo: signerCompNo, rows: [] }),
    );
    return () => {
      live = false;
    };
  }, [signerCompNo, services]);

  // An amendment starts from the original's terms.
  useEffect(() => {
    if (!amends) return;
    let live = true;
    services.call('getContract', { path: { econtractNo: amends } }).then(
      (answer) => {
        if (!live) return;
        const c = answer as Record<string, unknown>;
        setOriginal({ contractNo: str(c.contractNo), title: str(c.title), compNo: str(c.compNo) });
        setForm((f) => ({
          ...f,
          templateNo: str(c.templateNo),
          sourceKind: (str(c.sourceKind) || 'NONE') as SourceKind,
          sourceNo: str(c.sourceNo),
          compNo: str(c.compNo),
          title: str(c.title),
          supplyAmount: won(c.supplyAmount),
          vatAmount: won(c.vatAmount),
          taxType: taxTypeOf(c.taxType),
          startDate: str(c.startDate),
          endDate: str(c.endDate),
          buyerSignerId: str(c.buyerSignerId) || f.buyerSignerId,
          supplierSignerId: str(c.supplierSignerId),
        }));
      },
      (e: unknown) => live && void frame.alertError(e),
    );
    return () => {
      live = false;
    };
  }, [amends, services, frame]);

  /** The PO's or LOI's supplier, title and amount, as the contract's variables will be filled. */
  const readSource = useCallback(
    (kind: 'PO' | 'LOI', no: string) =>
      (kind === 'PO'
        ? services.call('getPo', { path: { poNo: no } })
        : services.call('getLoi', { path: { loiNo: no } })) as Promise<Record<string, unknown>>,
    [services],
  );

  // An amendment may change the document the original governs: its current values to start from.
  const amendedKind = amends && original ? form.sourceKind : 'NONE';
  const amendedNo = amends && original ? form.sourceNo : '';
  useEffect(() => {
    if (amendedKind === 'NONE' || !amendedNo) return;
    let live = true;
    readSource(amendedKind, amendedNo).then(
      (doc) => {
        if (!live) return;
        if (amendedKind === 'PO') {
          const lines = ((doc.lines as Array<Record<string, unknown>> | undefined) ?? []).map((l) => ({
            lineNo: Number(l.lineNo),
            itemName: str(l.itemName),
            quantity: str(l.quantity),
            unitPrice: str(l.unitPrice),
          }));
          const dueDate = str(doc.dueDate);
          setSourceNow({ kind: 'PO', no: amendedNo, dueDate, lines });
          setEdit({
            dueDate,
            lines: Object.fromEntries(
              lines.map((l) => [l.lineNo, { quantity: decimal(l.quantity), unitPrice: decimal(l.unitPrice) }]),
            ),
            amount: '',
            validUntil: '',
          });
        } else {
          const amount = won(doc.amount);
          const validUntil = str(doc.validUntil);
          setSourceNow({ kind: 'LOI', no: amendedNo, amount, validUntil });
          setEdit({ dueDate: '', lines: {}, amount, validUntil });
        }
      },
      (e: unknown) => live && void frame.alertError(e),
    );
    return () => {
      live = false;
    };
  }, [amendedKind, amendedNo, readSource, frame]);
  const setLine = (lineNo: number, patch: Partial<{ quantity: string; unitPrice: string }>) =>
    setEdit((e) => ({
      ...e,
      lines: { ...e.lines, [lineNo]: { ...(e.lines[lineNo] ?? { quantity: '', unitPrice: '' }), ...patch } },
    }));
  const applySource = useCallback(
    (kind: 'PO' | 'LOI', no: string, doc: Record<string, unknown>) => {
      const supply = won(kind === 'PO' ? doc.totalAmount : doc.amount);
      setForm((f) => ({
        ...f,
        sourceNo: no,
        compNo: str(doc.compNo),
        title: f.title || str(doc.title),
        supplyAmount: supply,
        vatAmount: vatOf(supply, f.taxType),
      }));
      frame.notify(t(`${T}.filled`, { no }));
    },
    [frame, t],
  );
  const fillFrom = async (kind: SourceKind, text: string) => {
    const no = text.trim();
    if (kind === 'NONE' || !no) return;
    try {
      applySource(kind, no, await readSource(kind, no));
    } catch (e) {
      await frame.alertError(e);
    }
  };

  // A link from the order (its 계약서 작성) opens the form filled from it.
  useEffect(() => {
    const kind = query.sourceKind === 'LOI' ? 'LOI' : 'PO';
    const no = (query.sourceNo ?? '').trim();
    if (amends || !no) return;
    let live = true;
    readSource(kind, no).then(
      (doc) => live && applySource(kind, no, doc),
      (e: unknown) => live && void frame.alertError(e),
    );
    return () => {
      live = false;
    };
  }, [amends, query.sourceKind, query.sourceNo, readSource, applySource, frame]);

  const openPicker = async () => {
    try {
      const q = { size: '50', ...(form.compNo ? { compNo: form.compNo } : {}) };
      const rows: SourceRow[] =
        form.sourceKind === 'PO'
          ? (
              (await services.call('listPos', { query: q })) as {
                rows: Array<Record<string, unknown>>;
              }
            ).rows.map((r) => ({
              no: str(r.poNo),
              title: str(r.title),
              compNo: str(r.compNo),
              compName: str(r.compNameKr),
              amount: won(r.totalAmount),
              date: str(r.poDate),
            }))
          : (
              (await services.call('listLois', { query: q })) as {
                rows: Array<Record<string, unknown>>;
              }
            ).rows.map((r) => ({
              no: str(r.loiNo),
              title: str(r.title),
              compNo: str(r.compNo),
              compName: str(r.compNameKr),
              amount: won(r.amount),
              date: str(r.validFrom),
            }));
      setPicking(rows);
    } catch (e) {
      await frame.alertError(e);
    }
  };

  const missing = useMemo(() => {
    const need: Array<[keyof Form, string]> = [
      ['templateNo', `${F}.templateNo`],
      ['compNo', `${F}.compNo`],
      ['title', `${F}.title`],
      ['supplyAmount', `${F}.supplyAmount`],
      ['vatAmount', `${F}.vatAmount`],
      ['signDeadline', `${F}.signDeadline`],
      ['buyerSignerId', `${F}.buyerSignerId`],
    ];
    if (form.sourceKind !== 'NONE') need.push(['sourceNo', `${F}.sourceNo`]);
    return need.filter(([k]) => !String(form[k]).trim()).map(([, label]) => t(label));
  }, [form, t]);

  const save = async () => {
    if (missing.length) return frame.alert(t(`${T}.missing`, { fields: missing.join(', ') }));
    if (!(await frame.confirm(t(amends ? `${T}.confirmAmend` : `${T}.confirm`)))) return;
    setBusy(true);
    try {
      const terms = {
        title: form.title.trim(),
        supplyAmount: form.supplyAmount,
        vatAmount: form.vatAmount,
        taxType: form.taxType,
        startDate: form.startDate || null,
        endDate: form.endDate || null,
        signDeadline: form.signDeadline,
        buyerSignerId: form.buyerSignerId.trim(),
        supplierSignerId: form.supplierSignerId.trim() || null,
      };
      const sourceChange = changeOf(sourceNow, edit);
      const created = (
        amends
          ? await services.call('createContractAmendment', {
              path: { econtractNo: amends },
              body: { templateNo: form.templateNo, ...terms, ...(sourceChange ? { sourceChange } : {}) },
            })
          : await services.call('createContract', {
              body: {
                templateNo: form.templateNo,
                compNo: form.compNo,
                sourceKind: form.sourceKind,
                sourceNo: form.sourceKind === 'NONE' ? null : form.sourceNo.trim(),
                ...terms,
              },
            })
      ) as { contractNo: string };
      frame.notify(t(`${T}.done`, { contractNo: created.contractNo }));
      await frame.open({ route: '/contract/contractDetail', replace: true }, { contractNo: created.contractNo });
    } catch (e) {
      await frame.alertError(e);
    } finally {
      setBusy(false);
    }
  };

  const kinds = (['PO', 'LOI', 'NONE'] as const).map((value) => ({
    value,
    text: t(`screen.contract.option.sourceKind.${value}`),
  }));

  return (
    <div className={styles.panel}>
      <p className={styles.muted}>{t(amends ? `${T}.helpAmend` : `${T}.help`)}</p>
      {original && (
        <p className={styles.result} role="note">
          {t(`${T}.amends`, { contractNo: original.contractNo, title: original.title })}
        </p>
      )}
      <div className={styles.grid}>
        <Select
          label={t(`${F}.templateNo`)}
          value={form.templateNo}
          onChange={(v) => set({ templateNo: v })}
          options={templates.map((r) => ({ value: r.templateNo, text: `${r.name} (${r.templateNo} v${r.version})` }))}
          empty="choose"
          required
          block
        />
        <Select
          id={ids.kind}
          label={t(`${F}.sourceKind`)}
          value={form.sourceKind}
          onChange={(v) => set({ sourceKind: v as SourceKind, sourceNo: '' })}
          options={kinds}
          empty={false}
          disabled={!!amends}
          block
        />
        <div className={styles.lookup}>
          <TextInput
            id={ids.no}
            label={t(`${F}.sourceNo`)}
            value={form.sourceNo}
            onChange={(v) => set({ sourceNo: v })}
            onEnter={() => void fillFrom(form.sourceKind, form.sourceNo)}
            maxRealLength={20}
            showCounter={false}
            readOnly={form.sourceKind === 'NONE' || !!amends}
            required={form.sourceKind !== 'NONE'}
            block
          />
          {form.sourceKind !== 'NONE' && !amends && (
            <>
              <WidgetButton onClick={() => void fillFrom(form.sourceKind, form.sourceNo)} data-action="lookup">
                {t(`${T}.lookup`)}
              </WidgetButton>
              <WidgetButton onClick={() => void openPicker()} data-action="pick">
                {t(`${T}.pick`)}
              </WidgetButton>
            </>
          )}
        </div>
        <CompanyNumberInput
          label={t(`${F}.compNo`)}
          mask="comp"
          value={form.compNo}
          onChange={(v) => set({ compNo: v })}
          readOnly={!!amends}
          required
          block
        />
        <div className={styles.wide}>
          <TextInput
            label={t(`${F}.title`)}
            value={form.title}
            onChange={(v) => set({ title: v })}
            maxRealLength={200}
            showCounter={false}
            required
            block
          />
        </div>
        <MaskedInput
          label={t(`${F}.supplyAmount`)}
          mask="numComma"
          value={form.supplyAmount}
          onChange={(v) => set({ supplyAmount: won(v) })}
          required
          block
        />
        <Select
          label={t(`${F}.taxType`)}
          value={form.taxType}
          // A new tax type proposes its VAT again (the user may still change it).
          onChange={(v) => {
            const taxType = taxTypeOf(v);
            setForm((f) => ({ ...f, taxType, vatAmount: vatOf(f.supplyAmount, taxType) }));
          }}
          options={TAX_TYPES.map((value) => ({ value, text: t(`screen.contract.option.taxType.${value}`) }))}
          empty={false}
          block
        />
        <MaskedInput
          label={t(`${F}.vatAmount`)}
          mask="numComma"
          value={form.vatAmount}
          onChange={(v) => set({ vatAmount: won(v) })}
          required
          block
        />
        <DateInput label={t(`${F}.startDate`)} value={form.startDate} onChange={(v) => set({ startDate: v })} block />
        <DateInput label={t(`${F}.endDate`)} value={form.endDate} onChange={(v) => set({ endDate: v })} block />
        <DateInput
          label={t(`${F}.signDeadline`)}
          value={form.signDeadline}
          onChange={(v) => set({ signDeadline: v })}
          required
          block
        />
        <Select
          label={t(`${F}.buyerSignerId`)}
          value={form.buyerSignerId}
          onChange={(v) => set({ buyerSignerId: v })}
          options={signerOptions(buyerSigners)}
          empty="choose"
          required
          block
        />
        <Select
          label={t(`${F}.supplierSignerId`)}
          value={form.supplierSignerId}
          onChange={(v) => set({ supplierSignerId: v })}
          options={[
            { value: '', text: t(`${T}.anySigner`) },
            ...signerOptions(supplierSigners.compNo === signerCompNo ? supplierSigners.rows : []),
          ]}
          empty={false}
          block
        />
      </div>
      <p className={styles.muted}>{t(`${T}.taxTypeHelp`)}</p>
      {sourceNow && (
        <fieldset className={styles.change}>
          <legend>{t(`${T}.change.title`)}</legend>
          <p className={styles.muted}>{t(`${T}.change.help.${sourceNow.kind}`, { no: sourceNow.no })}</p>
          {sourceNow.kind === 'PO' ? (
            <>
              <div className={styles.grid}>
                <DateInput
                  label={t(`${T}.change.dueDate`)}
                  value={edit.dueDate}
                  onChange={(v) => setEdit((e) => ({ ...e, dueDate: v }))}
                  block
                />
              </div>
              {sourceNow.lines.length > 0 && (
                <table className={styles.table}>
                  <caption className={styles.muted}>{t(`${T}.change.linesCaption`)}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t(`${T}.change.lineNo`)}</th>
                      <th scope="col">{t(`${T}.change.itemName`)}</th>
                      <th scope="col">{t(`${T}.change.quantity`)}</th>
                      <th scope="col">{t(`${T}.change.unitPrice`)}</th>
                      <th scope="col">{t(`${T}.change.newQuantity`)}</th>
                      <th scope="col">{t(`${T}.change.newUnitPrice`)}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {sourceNow.lines.map((l) => {
                      const typed = edit.lines[l.lineNo] ?? { quantity: '', unitPrice: '' };
                      const names = { lineNo: l.lineNo, item: l.itemName };
                      return (
                        <tr key={l.lineNo}>
                          <td>{l.lineNo}</td>
                          <td>{l.itemName}</td>
                          <td className={styles.num}>{shown(l.quantity)}</td>
                          <td className={styles.num}>{shown(l.unitPrice)}</td>
                          <td>
                            <MaskedInput
                              className={styles.cell}
                              label={t(`${T}.change.newQuantityOf`, names)}
                              mask="numComma"
                              value={typed.quantity}
                              onChange={(v) => setLine(l.lineNo, { quantity: v.replace(/-/g, '') })}
                              block
                            />
                          </td>
                          <td>
                            <MaskedInput
                              className={styles.cell}
                              label={t(`${T}.change.newUnitPriceOf`, names)}
                              mask="numComma"
                              value={typed.unitPrice}
                              onChange={(v) => setLine(l.lineNo, { unitPrice: v.replace(/-/g, '') })}
                              block
                            />
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              )}
            </>
          ) : (
            <div className={styles.grid}>
              <MaskedInput
                label={t(`${T}.change.amount`)}
                mask="numComma"
                value={edit.amount}
                onChange={(v) => setEdit((e) => ({ ...e, amount: won(v) }))}
                block
              />
              <DateInput
                label={t(`${T}.change.validUntil`)}
                value={edit.validUntil}
                onChange={(v) => setEdit((e) => ({ ...e, validUntil: v }))}
                block
              />
            </div>
          )}
          <p className={styles.muted} role="status">
            {changeOf(sourceNow, edit) ? t(`${T}.change.some`) : t(`${T}.change.none`)}
          </p>
        </fieldset>
      )}
      <div className={styles.row}>
        <WidgetButton onClick={() => frame.leave(false)} data-action="back">
          {t('engine.back')}
        </WidgetButton>
        <WidgetButton variant="primary" onClick={() => void save()} disabled={busy} data-action="save">
          {t(amends ? `${T}.saveAmend` : `${T}.save`)}
        </WidgetButton>
      </div>
      <Modal
        open={picking !== null}
        title={t(`${T}.pickTitle.${form.sourceKind === 'LOI' ? 'LOI' : 'PO'}`)}
        onClose={() => setPicking(null)}
        width={760}
      >
        {picking && picking.length === 0 && <p className={styles.muted}>{t(`${T}.noSource`)}</p>}
        {picking && picking.length > 0 && (
          <table className={styles.table}>
            <caption className={styles.muted}>{t(`${T}.pickCaption`)}</caption>
            <thead>
              <tr>
                <th scope="col">{t(`${F}.sourceNo`)}</th>
                <th scope="col">{t(`${F}.title`)}</th>
                <th scope="col">{t(`${F}.compName`)}</th>
                <th scope="col">{t(`${T}.sourceAmount`)}</th>
                <th scope="col">{t(`${T}.choose`)}</th>
              </tr>
            </thead>
            <tbody>
              {picking.map((r) => (
                <tr key={r.no}>
                  <td>{r.no}</td>
                  <td>{r.title}</td>
                  <td>{r.compName}</td>
                  <td className={styles.num}>{Number(r.amount || 0).toLocaleString('ko-KR')}</td>
                  <td>
                    <WidgetButton
                      aria-label={t(`${T}.chooseOne`, { no: r.no })}
                      onClick={() => {
                        setPicking(null);
                        void fillFrom(form.sourceKind, r.no);
                      }}
                    >
                      {t(`${T}.choose`)}
                    </WidgetButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Modal>
    </div>
  );
}
