import { useMemo } from 'react';
import {
  controlAria,
  Field,
  fieldStyles,
  useFieldIds,
  useRequiredMessage,
  type CommonFieldProps,
} from '../common/field';
import { useWidgetText } from '../i18n';
import { useOptionalWidgetServices, type CodeOption } from '../services';

export type SelectEmptyEntry = 'choose' | 'all' | false;

export interface SelectProps extends CommonFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Options from a common-code group (services.codes, spec §3) … */
  codeGroup?: string;
  /** … or given directly (wins over codeGroup). */
  options?: readonly CodeOption[];
  /** The empty first entry (value ''): 선택 (choose, default), 전체 (all) or none. */
  empty?: SelectEmptyEntry;
  width?: number | string;
  'aria-label'?: string;
}

/** The options a Select shows: the empty entry first, then the codes; an unknown current value is kept visible. */
export function selectEntries(options: readonly CodeOption[], emptyLabel: string | null, value: string): CodeOption[] {
  const list: CodeOption[] = [];
  if (emptyLabel !== null) list.push({ value: '', text: emptyLabel });
  list.push(...options);
  if (value !== '' && !options.some((o) => o.value === value)) list.push({ value, text: value });
  return list;
}

/**
 * A native select over common codes (spec §3: "Select lists prefix an entry with an empty value
 * labelled choose or all").
 */
export function Select({
  value,
  onChange,
  codeGroup,
  options,
  empty = 'choose',
  width,
  label,
  id,
  name,
  disabled,
  required,
  invalid,
  className,
  block,
  ...rest
}: SelectProps) {
  const t = useWidgetText();
  const services = useOptionalWidgetServices();
  const ids = useFieldIds(id);
  const { message, markTouched } = useRequiredMessage(value, required, invalid);
  const source = useMemo(
    () => options ?? (codeGroup && services ? services.codes(codeGroup) : []),
    [options, codeGroup, services],
  );
  const emptyLabel = empty === 'choose' ? t('selectChoose') : empty === 'all' ? t('selectAll') : null;
  const entries = selectEntries(source, emptyLabel, value);
  return (
    <Field label={label} required={required} message={message} ids={ids} className={className} block={block}>
      <select
        id={ids.controlId}
        name={name}
        value={value}
        disabled={disabled}
        className={fieldStyles.input}
        style={{ width: width ?? (block ? '100%' : undefined), paddingRight: 4 }}
        aria-label={rest['aria-label']}
        onChange={(e) => onChange(e.target.value)}
        onBlur={markTouched}
        {...controlAria(ids, message, required)}
      >
        {entries.map((o) => (
          <option key={`${o.value}\u0000${o.text}`} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
    </Field>
  );
}
