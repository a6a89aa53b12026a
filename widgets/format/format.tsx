import { formatDate, formatInstant, type DateLang } from '../../lib/date';
import { formatMoney, jpyToKrw, type Currency, type DecimalInput } from '../../lib/money';
import { useDateLang } from '../i18n';

/** A Date from a Date, epoch ms, 'YYYY-MM-DD' (local midnight, never shifted by UTC), 'YYYYMMDD' or an ISO timestamp. */
export function toDate(value: Date | number | string | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : null;
  const s = value.trim();
  const plain = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(s);
  if (plain) {
    const d = new Date(2000, 0, 1);
    d.setFullYear(Number(plain[1]), Number(plain[2]) - 1, Number(plain[3]));
    return d;
  }
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : d;
}

export interface DateTextProps {
  value: Date | number | string | null | undefined;
  /** Spec §5 tokens: yyyy yy MM dd HH hh mm ss E EEEE a (lib/date.ts formatDate). Default 'yyyy-MM-dd'. */
  pattern?: string;
  /** Weekday and 오전/오후 language; default the interface language. */
  lang?: DateLang;
  className?: string;
}

const PLAIN_DATE = /^\d{4}-?\d{2}-?\d{2}$/;

/**
 * A formatted date in a <time> element (empty for no or invalid date). A calendar date
 * ('YYYY-MM-DD', 'YYYYMMDD') is printed as it is; a moment (an ISO timestamp, epoch ms, a Date)
 * on the business clock (Asia/Seoul, lib/date.ts formatInstant), whatever the browser's zone.
 */
export function DateText({ value, pattern = 'yyyy-MM-dd', lang, className }: DateTextProps) {
  const uiLang = useDateLang();
  const d = toDate(value);
  if (!d) return <time className={className} />;
  const calendarDate = typeof value === 'string' && PLAIN_DATE.test(value.trim());
  const format = calendarDate ? formatDate : formatInstant;
  return (
    <time className={className} dateTime={calendarDate ? formatDate(d, 'yyyy-MM-dd') : d.toISOString()}>
      {format(d, pattern, lang ?? uiLang)}
    </time>
  );
}

export interface MoneyProps {
  amount: DecimalInput | null | undefined;
  currency: Currency | (string & {});
  /** Append the currency code ('1,234 KRW'). */
  showCurrency?: boolean;
  className?: string;
}

/** An amount with thousand commas in its currency's decimals (lib/money.ts formatMoney). */
export function Money({ amount, currency, showCurrency, className }: MoneyProps) {
  let text = '';
  if (amount !== null && amount !== undefined && amount !== '') {
    try {
      text = formatMoney(amount, currency);
    } catch {
      text = String(amount);
    }
  }
  return (
    <span className={className} style={{ fontVariantNumeric: 'tabular-nums' }} data-currency={currency}>
      {text}
      {showCurrency && text !== '' ? ` ${currency}` : ''}
    </span>
  );
}

export interface KrwFromJpyProps {
  /** Yen amount. */
  amount: DecimalInput | null | undefined;
  /** KRW per 100 yen (spec §5: divided by 100, then rounded). */
  rate: DecimalInput | null | undefined;
  showCurrency?: boolean;
  className?: string;
}

/** The won value of a yen amount at a per-100-yen rate (lib/money.ts jpyToKrw), shown like <Money>. Empty without a valid rate. */
export function KrwFromJpy({ amount, rate, showCurrency, className }: KrwFromJpyProps) {
  let krw: string | null = null;
  if (amount !== null && amount !== undefined && amount !== '' && rate !== null && rate !== undefined && rate !== '') {
    try {
      krw = jpyToKrw(amount, rate);
    } catch {
      krw = null;
    }
  }
  return <Money amount={krw} currency="KRW" showCurrency={showCurrency} className={className} />;
}
