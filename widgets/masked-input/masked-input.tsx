import { useLayoutEffect, useRef, type ChangeEvent } from 'react';
import { applyMask, maskOnlyNum, unmask, zeroPad, type MaskKind } from '../../lib/mask';
import {
  controlAria,
  Field,
  fieldStyles,
  useFieldIds,
  useRequiredMessage,
  type CommonFieldProps,
} from '../common/field';
import { CompanyNumberInput } from './company-number-input';

export type MaskName = MaskKind | 'zeroPad' | 'comp';

export interface MaskedInputProps extends CommonFieldProps {
  mask: MaskName;
  /** The raw value (unmasked): digits for phone, no commas for number/numComma, the code for comp. */
  value: string;
  onChange: (raw: string) => void;
  /** zeroPad: the width to pad to on leaving the field (and the most digits accepted). */
  padLength?: number;
  placeholder?: string;
  readOnly?: boolean;
  onBlur?: () => void;
  onEnter?: () => void;
  width?: number | string;
  /** comp: called with the looked-up company name (null: not registered). */
  onCompanyName?: (name: string | null) => void;
}

/** Characters a mask keeps from what was typed; used to keep the caret where the user typed. */
const SIGNIFICANT: Record<Exclude<MaskName, 'comp'>, RegExp> = {
  phone: /\d/,
  number: /\d/,
  onlynum: /\d/,
  zeroPad: /\d/,
  num: /[\d.-]/,
  numComma: /[\d.-]/,
  taxnum: /[\d-]/,
};

const NUMERIC_MASKS: ReadonlySet<MaskName> = new Set(['number', 'numComma', 'num']);

function display(mask: Exclude<MaskName, 'comp'>, raw: string): string {
  if (raw === '') return '';
  return mask === 'zeroPad' ? raw : applyMask(mask, raw);
}

function toRaw(mask: Exclude<MaskName, 'comp'>, typed: string, padLength: number | undefined): string {
  if (mask === 'zeroPad') {
    const digits = maskOnlyNum(typed);
    return padLength !== undefined ? digits.slice(0, padLength) : digits;
  }
  return unmask(mask, typed);
}

function countSignificant(text: string, re: RegExp): number {
  let n = 0;
  for (const ch of text) if (re.test(ch)) n++;
  return n;
}

function caretAfter(text: string, significant: number, re: RegExp): number {
  if (significant <= 0) return 0;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    if (re.test(text[i])) n++;
    if (n === significant) return i + 1;
  }
  return text.length;
}

/**
 * Masked text (spec §5 masks via lib/mask.ts): the value held is the raw value, the field shows
 * the masked text, and a character a mask does not accept (a letter in a number) never reaches
 * the value. `zeroPad` keeps digits and pads them to `padLength` when the field is left. `comp`
 * is a company-number field that looks the company's name up (CompanyNumberInput).
 */
export function MaskedInput(props: MaskedInputProps) {
  if (props.mask === 'comp') return <CompanyNumberInput {...props} />;
  return <PlainMaskedInput {...props} mask={props.mask} />;
}

function PlainMaskedInput({
  mask,
  value,
  onChange,
  padLength,
  placeholder,
  readOnly,
  onBlur,
  onEnter,
  width,
  label,
  id,
  name,
  disabled,
  required,
  invalid,
  className,
  block,
}: MaskedInputProps & { mask: Exclude<MaskName, 'comp'> }) {
  const ids = useFieldIds(id);
  const inputRef = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const { message, markTouched } = useRequiredMessage(value, required, invalid);
  const significant = SIGNIFICANT[mask];
  const shown = display(mask, value);

  useLayoutEffect(() => {
    const el = inputRef.current;
    const want = pendingCaret.current;
    if (!el || want === null || document.activeElement !== el) return;
    pendingCaret.current = null;
    const pos = caretAfter(el.value, want, significant);
    el.setSelectionRange(pos, pos);
  });

  const handleChange = (e: ChangeEvent<HTMLInputElement>) => {
    const typed = e.target.value;
    const caret = e.target.selectionStart ?? typed.length;
    pendingCaret.current = countSignificant(typed.slice(0, caret), significant);
    const raw = toRaw(mask, typed, padLength);
    if (raw !== value) onChange(raw);
  };

  const handleBlur = () => {
    if (mask === 'zeroPad' && padLength !== undefined && value !== '') {
      const padded = zeroPad(value, padLength);
      if (padded !== value) onChange(padded);
    }
    markTouched();
    onBlur?.();
  };

  return (
    <Field label={label} required={required} message={message} ids={ids} className={className} block={block}>
      <input
        ref={inputRef}
        id={ids.controlId}
        name={name}
        type="text"
        inputMode={mask === 'num' || mask === 'numComma' ? 'decimal' : 'numeric'}
        autoComplete="off"
        value={shown}
        disabled={disabled}
        readOnly={readOnly}
        placeholder={placeholder}
        maxLength={mask === 'zeroPad' && padLength !== undefined ? padLength : undefined}
        className={[fieldStyles.input, NUMERIC_MASKS.has(mask) ? fieldStyles.numeric : ''].join(' ')}
        style={{ width: width ?? (block ? '100%' : undefined) }}
        onChange={handleChange}
        onBlur={handleBlur}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && onEnter) {
            e.preventDefault();
            onEnter();
          }
        }}
        data-mask={mask}
        {...controlAria(ids, message, required)}
      />
    </Field>
  );
}
