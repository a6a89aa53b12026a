import { useEffect, useRef, useState } from 'react';
import { Field, useFieldIds, type CommonFieldProps } from '../common/field';
import { useServiceCall } from '../common/use-service-call';
import { useWidgetText } from '../i18n';
import { Select, type SelectEmptyEntry } from '../select/select';
import { useWidgetServices, type CodeOption, type SgOption } from '../services';
import styles from './sourcing-group-select.module.css';

/** The four levels (spec §3: L1..L4_SG_CODE). */
export interface SourcingGroupValue {
  L1_SG_CODE: string;
  L2_SG_CODE: string;
  L3_SG_CODE: string;
  L4_SG_CODE: string;
}

export const EMPTY_SOURCING_GROUP: SourcingGroupValue = Object.freeze({
  L1_SG_CODE: '',
  L2_SG_CODE: '',
  L3_SG_CODE: '',
  L4_SG_CODE: '',
});

const FIELDS = ['L1_SG_CODE', 'L2_SG_CODE', 'L3_SG_CODE', 'L4_SG_CODE'] as const;
const LEVELS = ['001', '002', '003', '004'] as const;
export type SgLevel = (typeof LEVELS)[number];

/** Setting level `index` (0–3) clears every level below it (their options depend on it). */
export function changeSourcingLevel(value: SourcingGroupValue, index: number, code: string): SourcingGroupValue {
  const next = { ...value };
  FIELDS.forEach((field, i) => {
    if (i === index) next[field] = code;
    else if (i > index) next[field] = '';
  });
  return next;
}

/** What each level loads: level 1 → getSgCode('001'); level n → getSgCode(n, level n−1's code), or nothing while that is empty. */
export function sourcingRequests(value: SourcingGroupValue): Array<{ level: SgLevel; parent: string } | null> {
  return LEVELS.map((level, i) => {
    if (i === 0) return { level, parent: '' };
    const parent = value[FIELDS[i - 1]];
    return parent ? { level, parent } : null;
  });
}

const cacheKey = (r: { level: SgLevel; parent: string }) => `${r.level}:${r.parent}`;
const toOptions = (list: readonly SgOption[]): CodeOption[] => list.map((o) => ({ value: o.SG_CODE, text: o.SG_NAME }));

export interface SourcingGroupSelectProps extends CommonFieldProps {
  value: SourcingGroupValue;
  onChange: (value: SourcingGroupValue) => void;
  /** The empty entry of each level: 전체 for search filters (default), 선택 for forms. */
  empty?: SelectEmptyEntry;
  /** Labels of the four levels; default 대분류, 중분류, 소분류, 세분류. */
  levelLabels?: readonly [string, string, string, string];
}

/**
 * The four-level sourcing-group selector: level 1 loads getSgCode('001'); each lower level
 * loads getSgCode(level, parent code) when its parent changes, and changing a level clears the
 * levels below. Answers are cached per parent, so going back and forth costs no second call.
 */
export function SourcingGroupSelect({
  value,
  onChange,
  empty = 'all',
  levelLabels,
  label,
  id,
  disabled,
  required,
  invalid,
  className,
  block,
}: SourcingGroupSelectProps) {
  const t = useWidgetText();
  const services = useWidgetServices();
  const call = useServiceCall();
  const ids = useFieldIds(id);
  const [loaded, setLoaded] = useState<Record<string, CodeOption[]>>({});
  const inflight = useRef(new Set<string>());
  const requests = sourcingRequests(value);
  const wanted = requests.map((r) => (r ? cacheKey(r) : '')).join('|');
  const labels = levelLabels ?? [t('sgLevel1'), t('sgLevel2'), t('sgLevel3'), t('sgLevel4')];

  useEffect(() => {
    for (const key of wanted.split('|')) {
      if (!key || Object.hasOwn(loaded, key) || inflight.current.has(key)) continue;
      const [level, parent] = [key.slice(0, 3) as SgLevel, key.slice(4)];
      inflight.current.add(key);
      void call(() => services.getSgCode(level, parent || undefined)).then((result) => {
        inflight.current.delete(key);
        setLoaded((prev) => ({ ...prev, [key]: result.ok ? toOptions(result.value) : [] }));
      });
    }
  }, [wanted, loaded, call, services]);

  return (
    <Field
      label={label}
      labelAs="span"
      required={required}
      message={invalid}
      ids={ids}
      className={className}
      block={block}
    >
      <div className={styles.row} role="group" aria-labelledby={label ? `${ids.controlId}-label` : undefined}>
        {FIELDS.map((field, i) => {
          const request = requests[i];
          const options = request ? loaded[cacheKey(request)] : undefined;
          return (
            <Select
              key={field}
              id={`${ids.controlId}-${i + 1}`}
              className={styles.level}
              block
              aria-label={labels[i]}
              value={value[field]}
              options={options ?? []}
              empty={empty}
              disabled={disabled || !request || options === undefined}
              onChange={(code) => onChange(changeSourcingLevel(value, i, code))}
            />
          );
        })}
      </div>
    </Field>
  );
}
