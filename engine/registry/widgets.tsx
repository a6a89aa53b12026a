/**
 * Widgets by name: each entry adapts one widget of widgets/ to the engine's uniform input props,
 * so a definition says `"widget": "dateRange"` and never imports anything. A compound widget's
 * value is an object of parts (a date range is { from, to }, a department { deptcd, deptnm });
 * `valuePart` is the part a filter sends when the definition maps no `params`.
 */
import type { ComponentType } from 'react';
import { BusinessSectionField } from '../../widgets/business-popup/business-section-field';
import { DepartmentField } from '../../widgets/department-popup/department-field';
import {
  EmployeeSearch,
  employeeSearchStart,
  EMPTY_EMPLOYEE_SEARCH_VALUE,
  type EmployeeSearchValue,
} from '../../widgets/employee-search/employee-search';
import { CompanyNumberInput } from '../../widgets/masked-input/company-number-input';
import { PersonField } from '../../widgets/person-popup/person-field';
import {
  EMPTY_SOURCING_GROUP,
  SourcingGroupSelect,
  type SourcingGroupValue,
} from '../../widgets/sourcing-group-select/sourcing-group-select';
import type { LoginData } from '../../widgets/services';
import { DateInput } from '../../widgets/date-input/date-input';
import { DateTimeInput } from '../../widgets/date-time-input/date-time-input';
import { Countdown } from '../../widgets/countdown/countdown';
import { DateRange } from '../../widgets/date-range/date-range';
import { MaskedInput } from '../../widgets/masked-input/masked-input';
import { MonthPicker } from '../../widgets/month-picker/month-picker';
import { MonthRange } from '../../widgets/month-range/month-range';
import { MultiSelect } from '../../widgets/multi-select/multi-select';
import { Select } from '../../widgets/select/select';
import { TextInput } from '../../widgets/text-input/text-input';
import { FileUpload } from '../../widgets/file-upload/file-upload';
import { TemplateText } from '../../widgets/template-text/template-text';
import { DEFAULT_DATETIME_FORMAT, formatDateTime } from './columns';
import { formatMoney, significantDecimal } from '../../lib/money';
import { Field, fieldStyles, useFieldIds } from '../../widgets/common/field';
import type { CodeOption } from '../definition/types';
import type { MaskName, WidgetName } from './names';

export interface EngineInputProps {
  id?: string;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  disabled: boolean;
  readOnly: boolean;
  required: boolean;
  invalid: string | null;
  /** Resolved choices (code group, inline options or optionsFrom). */
  options: CodeOption[] | null;
  emptyOption: 'all' | 'choose' | 'none';
  mask?: MaskName;
  maxLength?: number;
  maxBytes?: number;
  placeholder?: string;
  rows?: number;
  onEnter?: () => void;
  /** Where the input sits: filters are compact, forms take the cell's width. */
  context: 'filter' | 'form';
  /** The value of the input this one `dependsOn` (a department's section, a person's department). */
  related?: unknown;
}

export interface WidgetSpec {
  component: ComponentType<EngineInputProps>;
  /** The empty value (reset, new record). */
  empty: () => unknown;
  /** The starting value when the definition gives no default (the employee search's spec §6 prefill). */
  initial?: (login: LoginData | null) => unknown;
  /** A compound value's part a filter sends to `field` when no params are mapped … */
  valuePart?: string;
  /** … or the value it sends, worked out (a sourcing group: its deepest chosen level). */
  queryValue?: (v: unknown) => unknown;
  /** True for values that count as "filled" for required checks. */
  filled: (v: unknown) => boolean;
  /** A loaded record's value as the form starts with it (and sends back unless changed). */
  fromRecord?: (v: unknown) => unknown;
}

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const filledText = (v: unknown) => str(v).trim() !== '';
const parts = (v: unknown): Record<string, string> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, string>) : {};

function TextWidget(p: EngineInputProps & { multiline?: boolean; password?: boolean }) {
  if (p.mask) {
    return (
      <MaskedInput
        id={p.id}
        label={p.label}
        mask={p.mask}
        value={str(p.value)}
        onChange={(v) => p.onChange(v)}
        disabled={p.disabled}
        readOnly={p.readOnly}
        required={p.required}
        invalid={p.invalid}
        placeholder={p.placeholder}
        onEnter={p.onEnter}
        block
      />
    );
  }
  return (
    <TextInput
      id={p.id}
      label={p.label}
      value={str(p.value)}
      onChange={(v) => p.onChange(v)}
      disabled={p.disabled}
      readOnly={p.readOnly}
      required={p.required}
      invalid={p.invalid}
      placeholder={p.placeholder}
      maxlength={p.maxBytes}
      maxRealLength={p.maxLength}
      multiline={p.multiline}
      type={p.password ? 'password' : 'text'}
      rows={p.rows}
      onEnter={p.onEnter}
      block
    />
  );
}

function NumberWidget(p: EngineInputProps) {
  return <TextWidget {...p} mask={p.mask ?? 'numComma'} />;
}

function SelectWidget(p: EngineInputProps) {
  const value = str(p.value);
  // A value the choices no longer hold (an order since fully delivered, shown read only) is shown as itself.
  const options = p.options ?? [];
  const shown =
    value !== '' && p.options !== null && !options.some((o) => o.value === value)
      ? [{ value, text: value }, ...options]
      : options;
  return (
    <Select
      id={p.id}
      label={p.label}
      value={value}
      onChange={(v) => p.onChange(v)}
      options={shown}
      empty={p.emptyOption === 'none' ? false : p.emptyOption}
      disabled={p.disabled || p.readOnly}
      required={p.required}
      invalid={p.invalid}
      block
    />
  );
}

function MultiSelectWidget(p: EngineInputProps) {
  const value = Array.isArray(p.value) ? p.value.map(String) : [];
  return (
    <MultiSelect
      id={p.id}
      label={p.label}
      value={value}
      onChange={(v) => p.onChange(v)}
      options={p.options ?? []}
      placeholder={p.placeholder}
      disabled={p.disabled || p.readOnly}
      required={p.required}
      invalid={p.invalid}
      block
    />
  );
}

/** Y/N (or true/false) as one checkbox. */
function CheckboxWidget(p: EngineInputProps) {
  const ids = useFieldIds(p.id);
  const boolean = typeof p.value === 'boolean';
  const checked = p.value === true || p.value === 'Y';
  return (
    <Field label={p.label} required={p.required} message={p.invalid} ids={ids} block>
      <span
        className={fieldStyles.input}
        style={{ display: 'flex', alignItems: 'center', border: 'none', background: 'transparent', paddingLeft: 0 }}
      >
        <input
          id={ids.controlId}
          type="checkbox"
          checked={checked}
          disabled={p.disabled || p.readOnly}
          onChange={(e) => p.onChange(boolean ? e.target.checked : e.target.checked ? 'Y' : 'N')}
          onKeyDown={(e) => {
            if (e.key === 'Enter') p.onEnter?.();
          }}
          style={{ width: 16, height: 16 }}
        />
      </span>
    </Field>
  );
}

/**
 * One of a few choices, all in view (a mode: with or without an order): native radio buttons in a
 * radiogroup named by the label, so arrows move between them and a screen reader names the group.
 */
function RadioWidget(p: EngineInputProps) {
  const ids = useFieldIds(p.id);
  const value = str(p.value);
  return (
    <Field label={p.label} required={p.required} message={p.invalid} ids={ids} block labelAs="span">
      <span
        role="radiogroup"
        aria-labelledby={`${ids.controlId}-label`}
        aria-describedby={p.invalid ? ids.messageId : undefined}
        className={fieldStyles.input}
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 16,
          border: 'none',
          background: 'transparent',
          paddingLeft: 0,
        }}
      >
        {(p.options ?? []).map((o, i) => (
          <label key={o.value} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
            <input
              id={i === 0 ? ids.controlId : undefined}
              type="radio"
              name={ids.controlId}
              value={o.value}
              checked={value === o.value}
              disabled={p.disabled || p.readOnly}
              onChange={() => p.onChange(o.value)}
            />
            {o.text}
          </label>
        ))}
      </span>
    </Field>
  );
}

function DateWidget(p: EngineInputProps) {
  return (
    <DateInput
      id={p.id}
      label={p.label}
      value={str(p.value)}
      onChange={(v) => p.onChange(v)}
      disabled={p.disabled}
      readOnly={p.readOnly}
      required={p.required}
      invalid={p.invalid}
      block
    />
  );
}

function DateRangeWidget(p: EngineInputProps) {
  const v = parts(p.value);
  return (
    <DateRange
      id={p.id}
      label={p.label}
      value={{ from: v.from ?? '', to: v.to ?? '' }}
      onChange={(next) => p.onChange(next)}
      disabled={p.disabled || p.readOnly}
      required={p.required}
      invalid={p.invalid}
      block
    />
  );
}

/** A period range (YYYYMM ~ YYYYMM), e.g. settlement months. */
function MonthRangeWidget(p: EngineInputProps) {
  const v = parts(p.value);
  return (
    <MonthRange
      id={p.id}
      label={p.label}
      value={{ from: v.from ?? '', to: v.to ?? '' }}
      onChange={(next) => p.onChange(next)}
      disabled={p.disabled || p.readOnly}
      required={p.required}
      invalid={p.invalid}
      block
    />
  );
}

function MonthWidget(p: EngineInputProps) {
  return (
    <MonthPicker
      id={p.id}
      label={p.label}
      value={str(p.value)}
      onChange={(v) => p.onChange(v)}
      disabled={p.disabled}
      readOnly={p.readOnly}
      required={p.required}
      invalid={p.invalid}
      block
    />
  );
}

function BusinessSectionWidget(p: EngineInputProps) {
  const v = parts(p.value);
  return (
    <BusinessSectionField
      id={p.id}
      label={p.label}
      value={v.topDept ? { topDept: v.topDept, sectionName: v.sectionName ?? '' } : null}
      onChange={(section) => p.onChange(section ? { topDept: section.topDept, sectionName: section.sectionName } : {})}
      disabled={p.disabled || p.readOnly}
      required={p.required}
      invalid={p.invalid}
      placeholder={p.placeholder}
      block
    />
  );
}

function DepartmentWidget(p: EngineInputProps) {
  const v = parts(p.value);
  const section = parts(p.related);
  return (
    <DepartmentField
      id={p.id}
      label={p.label}
      value={v.deptcd ? { deptcd: v.deptcd, deptnm: v.deptnm ?? '' } : null}
      onChange={(row) => p.onChange(row ? { deptcd: row.deptcd, deptnm: row.deptnm } : {})}
      section={
        section.topDept || section.sectionName ? { topDept: section.topDept, sectionName: section.sectionName } : null
      }
      disabled={p.disabled || p.readOnly}
      required={p.required}
      invalid={p.invalid}
      placeholder={p.placeholder}
      block
    />
  );
}

function PersonWidget(p: EngineInputProps) {
  const v = parts(p.value);
  const scope = parts(p.related);
  return (
    <PersonField
      id={p.id}
      label={p.label}
      value={v.singleid ? { singleid: v.singleid, hname: v.hname ?? '' } : null}
      onChange={(row) => p.onChange(row ? { singleid: row.singleid, hname: row.hname } : {})}
      deptcd={scope.deptcd || undefined}
      sectionName={scope.sectionName || undefined}
      disabled={p.disabled || p.readOnly}
      required={p.required}
      invalid={p.invalid}
      placeholder={p.placeholder}
      block
    />
  );
}

/** A company number (spec §5 mask `comp`): the company's name is looked up and shown beside it. */
function CompanyWidget(p: EngineInputProps) {
  return (
    <CompanyNumberInput
      id={p.id}
      label={p.label}
      mask="comp"
      value={str(p.value)}
      onChange={(v) => p.onChange(v)}
      disabled={p.disabled}
      readOnly={p.readOnly}
      required={p.required}
      invalid={p.invalid}
      placeholder={p.placeholder}
      onEnter={p.onEnter}
      block
    />
  );
}

function SourcingGroupWidget(p: EngineInputProps) {
  const value = { ...EMPTY_SOURCING_GROUP, ...parts(p.value) } as SourcingGroupValue;
  return (
    <SourcingGroupSelect
      id={p.id}
      label={p.label}
      value={value}
      onChange={(v) => p.onChange(v)}
      empty={p.emptyOption === 'none' ? false : p.emptyOption}
      disabled={p.disabled || p.readOnly}
      required={p.required}
      invalid={p.invalid}
      block
    />
  );
}

function EmployeeSearchWidget(p: EngineInputProps) {
  const value = { ...EMPTY_EMPLOYEE_SEARCH_VALUE, ...parts(p.value) } as EmployeeSearchValue;
  // The engine starts the value from the login data itself (WidgetSpec.initial), so the first search has it.
  return (
    <EmployeeSearch value={value} onChange={(v) => p.onChange(v)} prefill={false} disabled={p.disabled || p.readOnly} />
  );
}

/** A timestamp (ISO date-time) shown in local time as spec §5 tokens (yyyy-MM-dd HH:mm); display only. */
function DateTimeWidget(p: EngineInputProps) {
  return (
    <TextInput
      id={p.id}
      label={p.label}
      value={formatDateTime(p.value, DEFAULT_DATETIME_FORMAT)}
      onChange={() => undefined}
      disabled={p.disabled}
      readOnly
      required={p.required}
      invalid={p.invalid}
      block
    />
  );
}

/** An instant as the server answers it: ISO with a zone ("2026-12-01T01:00:00.000Z"). */
const SERVER_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A moment in Korean time (a tender's window, an auction's start and end), chosen with the date
 * and time pickers: the server's ISO answer is shown in Korean time, and "YYYY-MM-DD HH:mm"
 * (Korean time) is what the server takes back. Read-only it looks like `datetime`.
 */
function InstantWidget(p: EngineInputProps) {
  const v = str(p.value);
  if (p.readOnly)
    return <TextWidget {...p} value={SERVER_INSTANT.test(v) ? formatDateTime(v, DEFAULT_DATETIME_FORMAT) : v} />;
  return (
    <DateTimeInput
      id={p.id}
      label={p.label}
      value={v}
      onChange={(x) => p.onChange(x)}
      disabled={p.disabled}
      required={p.required}
      invalid={p.invalid}
      block
    />
  );
}

/** The time left (seconds, as the server counted them at the answer), ticking; read only. */
function CountdownWidget(p: EngineInputProps) {
  return (
    <Countdown
      id={p.id}
      label={p.label}
      value={p.value === undefined ? null : (p.value as number | string | null)}
      block
    />
  );
}

/** An amount (exact decimal string) shown read-only with thousand commas in whole units — KRW and JPY, the system's currencies, have no decimals (spec §5). */
function MoneyWidget(p: EngineInputProps) {
  const v = str(p.value).trim();
  let whole = v;
  try {
    whole = v === '' ? '' : formatMoney(v, 'KRW').replace(/,/g, '');
  } catch {
    // Not an amount: shown as it is.
  }
  return <TextWidget {...p} value={whole} mask="numComma" readOnly onChange={() => undefined} />;
}

/**
 * A file group as a field: the value is the group id (upload, download and delete unless read
 * only; the first upload sets it), or a record's attachment list `[{ fileId, seq, … }]` (download
 * links only) — documents that answer their files rather than the group id.
 */
function FilesWidget(p: EngineInputProps) {
  const ids = useFieldIds(p.id);
  const list = Array.isArray(p.value) ? (p.value as Array<{ fileId?: unknown }>) : null;
  const fileId = list ? str(list[0]?.fileId) : str(p.value);
  return (
    <Field label={p.label} required={p.required} message={p.invalid} ids={ids} block labelAs="span">
      <FileUpload
        fileId={fileId || null}
        readOnly={!!list || p.readOnly || p.disabled}
        aria-label={p.label}
        onChange={(group) => !list && group.fileId !== fileId && p.onChange(group.fileId)}
      />
    </Field>
  );
}

const deepestLevel = (v: unknown) => {
  const g = parts(v);
  return g.L4_SG_CODE || g.L3_SG_CODE || g.L2_SG_CODE || g.L1_SG_CODE || '';
};

const text: WidgetSpec = { component: TextWidget, empty: () => '', filled: filledText };
/**
 * A range without `params` goes to the parameter named by `field` as a repeated value
 * `[from, to]` (`periods=202601&periods=202603`); an open end is sent blank, an empty range not at all.
 */
const rangeQuery = (v: unknown): string[] => {
  const { from = '', to = '' } = parts(v);
  return from || to ? [from, to] : [];
};
const lookup = (component: ComponentType<EngineInputProps>, valuePart: string): WidgetSpec => ({
  component,
  empty: () => ({}),
  valuePart,
  filled: (v) => filledText(parts(v)[valuePart]),
});

/**
 * What a widget's value sends where one value is expected — a filter without `params`, a prompt's
 * `input.<field>`: a compound value's main part (a department's deptcd, a person's singleid), or
 * what `queryValue` works out; a plain value as it is.
 */
export function mainPart(spec: WidgetSpec, v: unknown): unknown {
  if (spec.queryValue) return spec.queryValue(v);
  const compound = v !== null && typeof v === 'object' && !Array.isArray(v);
  return spec.valuePart && compound ? (v as Record<string, unknown>)[spec.valuePart] : v;
}

/** The registry of widgets, looked up by name. */
export const WIDGETS: Readonly<Record<WidgetName, WidgetSpec>> = Object.freeze({
  text,
  textarea: {
    component: (p: EngineInputProps) => <TextWidget {...p} multiline />,
    empty: () => '',
    filled: filledText,
  },
  // An amount or quantity read as numeric text ('100.0000') starts as '100': shown 100, not 100.0000.
  number: {
    component: NumberWidget,
    empty: () => '',
    filled: filledText,
    fromRecord: (v) => (typeof v === 'string' ? significantDecimal(v.trim()) : v),
  },
  select: { component: SelectWidget, empty: () => '', filled: filledText },
  multiSelect: { component: MultiSelectWidget, empty: () => [], filled: (v) => Array.isArray(v) && v.length > 0 },
  checkbox: { component: CheckboxWidget, empty: () => 'N', filled: () => true },
  radio: { component: RadioWidget, empty: () => '', filled: filledText },
  date: { component: DateWidget, empty: () => '', filled: filledText },
  dateRange: {
    component: DateRangeWidget,
    empty: () => ({ from: '', to: '' }),
    queryValue: rangeQuery,
    filled: (v) => filledText(parts(v).from) && filledText(parts(v).to),
  },
  month: { component: MonthWidget, empty: () => '', filled: filledText },
  monthRange: {
    component: MonthRangeWidget,
    empty: () => ({ from: '', to: '' }),
    queryValue: rangeQuery,
    filled: (v) => filledText(parts(v).from) && filledText(parts(v).to),
  },
  businessSection: lookup(BusinessSectionWidget, 'topDept'),
  department: lookup(DepartmentWidget, 'deptcd'),
  person: lookup(PersonWidget, 'singleid'),
  company: { component: CompanyWidget, empty: () => '', filled: filledText },
  sourcingGroup: {
    component: SourcingGroupWidget,
    empty: () => ({ ...EMPTY_SOURCING_GROUP }),
    queryValue: deepestLevel,
    filled: (v) => filledText(deepestLevel(v)),
  },
  employeeSearch: {
    component: EmployeeSearchWidget,
    empty: () => ({ ...EMPTY_EMPLOYEE_SEARCH_VALUE }),
    initial: (login) => employeeSearchStart(login),
    valuePart: 'singleid',
    filled: (v) => filledText(parts(v).section) || filledText(parts(v).deptcd) || filledText(parts(v).singleid),
  },
  datetime: { component: DateTimeWidget, empty: () => '', filled: filledText },
  instant: { component: InstantWidget, empty: () => '', filled: filledText },
  countdown: {
    component: CountdownWidget,
    empty: () => null,
    filled: (v) => v !== null && v !== undefined && v !== '',
  },
  money: { component: MoneyWidget, empty: () => '', filled: filledText },
  // A password never shows its characters, and is never given a mask.
  password: {
    component: (p: EngineInputProps) => <TextWidget {...p} mask={undefined} password />,
    empty: () => '',
    filled: filledText,
  },
  files: { component: FilesWidget, empty: () => '', filled: (v) => (Array.isArray(v) ? v.length > 0 : filledText(v)) },
  // A contract template's text with its variables (optionsFrom: name → meaning) to insert at the cursor.
  templateText: {
    component: (p: EngineInputProps) => (
      <TemplateText
        id={p.id}
        label={p.label}
        value={str(p.value)}
        onChange={p.onChange}
        variables={p.options ? p.options.map((o) => ({ value: o.value, text: o.text })) : null}
        rows={p.rows}
        maxRealLength={p.maxLength}
        disabled={p.disabled}
        readOnly={p.readOnly}
        required={p.required}
        invalid={p.invalid}
      />
    ),
    empty: () => '',
    filled: filledText,
  },
});

export function widgetSpec(name: string | undefined, where: string): WidgetSpec {
  const key = name ?? 'text';
  if (Object.hasOwn(WIDGETS, key)) return WIDGETS[key as WidgetName];
  throw new Error(`Unknown widget "${key}" at ${where}; known widgets: ${Object.keys(WIDGETS).join(', ')}`);
}
