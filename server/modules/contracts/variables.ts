/**
 * Contract templates: a text with `{{name}}` placeholders, each naming a variable of the
 * catalogue below, and `{{clause:CODE}}` placing a clause of the clause library. Every variable
 * has a type that decides how its value is written in the contract (money with thousands
 * separators and 원, dates as 2026년 11월 26일), so the same data always gives the same text.
 * Pure functions: parsing, checking at save (an unknown name is refused with its line and column)
 * and filling in.
 */

export type VariableType = 'text' | 'money' | 'date';

export interface VariableDef {
  name: string;
  type: VariableType;
  labelKo: string;
  labelEn: string;
}

const v = (name: string, type: VariableType, labelKo: string, labelEn: string): VariableDef => ({
  name,
  type,
  labelKo,
  labelEn,
});

/** Every variable a template may name, with its type. */
export const VARIABLES: readonly VariableDef[] = [
  v('buyer.name', 'text', '발주자 상호', 'Buyer name'),
  v('buyer.address', 'text', '발주자 주소', 'Buyer address'),
  v('buyer.phone', 'text', '발주자 전화', 'Buyer phone'),
  v('buyer.bizNo', 'text', '발주자 사업자등록번호', 'Buyer business number'),
  v('buyer.ceo', 'text', '발주자 대표자', 'Buyer representative'),
  v('supplier.name', 'text', '수급자 상호', 'Supplier name'),
  v('supplier.bizNo', 'text', '수급자 사업자등록번호', 'Supplier business number'),
  v('supplier.ceo', 'text', '수급자 대표자', 'Supplier representative'),
  v('supplier.address', 'text', '수급자 주소', 'Supplier address'),
  v('contract.no', 'text', '계약번호', 'Contract number'),
  v('contract.title', 'text', '계약명', 'Contract title'),
  v('contract.typeName', 'text', '계약 종류', 'Contract type'),
  v('contract.date', 'date', '계약일자', 'Contract date'),
  v('contract.taxTypeName', 'text', '과세 구분', 'VAT type'),
  v('contract.supplyAmount', 'money', '공급가액', 'Supply amount'),
  v('contract.vatAmount', 'money', '부가가치세', 'VAT'),
  v('contract.totalAmount', 'money', '계약금액(부가가치세 포함)', 'Amount incl. VAT'),
  v('contract.startDate', 'date', '계약 시작일', 'Start date'),
  v('contract.endDate', 'date', '계약 종료일', 'End date'),
  v('contract.stampDuty', 'money', '인지세', 'Stamp duty'),
  v('source.no', 'text', '발주/LOI 번호', 'PO/LOI number'),
  v('source.title', 'text', '발주/LOI 건명', 'PO/LOI title'),
  v('source.date', 'date', '발주/LOI 일자', 'PO/LOI date'),
  v('source.amount', 'money', '발주/LOI 금액', 'PO/LOI amount'),
  v('amends.no', 'text', '원계약 번호', 'Original contract number'),
  v('amends.summary', 'text', '변경 내용', 'Change summary'),
];

const BY_NAME = new Map(VARIABLES.map((d) => [d.name, d]));

const TYPE_TEXT = {
  ko: { text: '글자', money: '금액 (금 1,000,000원)', date: '날짜 (2026년 11월 26일)' },
  en: { text: 'text', money: 'amount (금 1,000,000원)', date: 'date (2026년 11월 26일)' },
} as const;

/**
 * The catalogue as the template editor lists it (`listContractVariables`): each variable's
 * placeholder, its meaning in the asker's language and how its value is written.
 */
export function variableRows(lang: 'ko' | 'en') {
  return VARIABLES.map((d) => ({
    name: d.name,
    placeholder: `{{${d.name}}}`,
    type: d.type,
    label: lang === 'en' ? d.labelEn : d.labelKo,
    written: TYPE_TEXT[lang][d.type],
  }));
}

export type VariableValues = Record<string, string | null>;

export interface Placeholder {
  kind: 'variable' | 'clause';
  name: string;
  /** 1-based line and column of the opening braces. */
  line: number;
  column: number;
  start: number;
  end: number;
}

export interface TemplateProblem {
  code: 'UNKNOWN_VARIABLE' | 'UNKNOWN_CLAUSE' | 'UNCLOSED_PLACEHOLDER' | 'EMPTY_PLACEHOLDER';
  name: string;
  line: number;
  column: number;
}

function position(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lastBreak = -1;
  for (let i = 0; i < offset; i++)
    if (text.charCodeAt(i) === 10) {
      line++;
      lastBreak = i;
    }
  return { line, column: offset - lastBreak };
}

/** The placeholders of a text in order, and what is malformed (an opening `{{` never closed). */
export function parsePlaceholders(text: string): { placeholders: Placeholder[]; problems: TemplateProblem[] } {
  const placeholders: Placeholder[] = [];
  const problems: TemplateProblem[] = [];
  let at = 0;
  for (;;) {
    const open = text.indexOf('{{', at);
    if (open < 0) break;
    const close = text.indexOf('}}', open + 2);
    const nextOpen = text.indexOf('{{', open + 2);
    const pos = position(text, open);
    if (close < 0 || (nextOpen >= 0 && nextOpen < close)) {
      problems.push({ code: 'UNCLOSED_PLACEHOLDER', name: text.slice(open, open + 20), ...pos });
      at = open + 2;
      continue;
    }
    const inner = text.slice(open + 2, close).trim();
    if (inner === '') problems.push({ code: 'EMPTY_PLACEHOLDER', name: '', ...pos });
    else if (inner.startsWith('clause:'))
      placeholders.push({ kind: 'clause', name: inner.slice(7).trim(), ...pos, start: open, end: close + 2 });
    else placeholders.push({ kind: 'variable', name: inner, ...pos, start: open, end: close + 2 });
    at = close + 2;
  }
  return { placeholders, problems };
}

/**
 * What is wrong with a template's text: placeholders that do not close, variables the catalogue
 * does not have, clauses the library does not have — each with where it stands. Empty: it may be saved.
 */
export function checkTemplateText(text: string, knownClauses: ReadonlySet<string>): TemplateProblem[] {
  const { placeholders, problems } = parsePlaceholders(text);
  for (const p of placeholders) {
    if (p.kind === 'variable' && !BY_NAME.has(p.name))
      problems.push({ code: 'UNKNOWN_VARIABLE', name: p.name, line: p.line, column: p.column });
    if (p.kind === 'clause' && !knownClauses.has(p.name))
      problems.push({ code: 'UNKNOWN_CLAUSE', name: p.name, line: p.line, column: p.column });
  }
  return problems.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** 12345678 → 12,345,678 (whole won; a fraction is kept as written). */
function groupDigits(amount: string): string {
  const [whole, frac] = amount.split('.');
  const neg = whole.startsWith('-');
  const digits = neg ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}${grouped}${frac && /[1-9]/.test(frac) ? `.${frac.replace(/0+$/, '')}` : ''}`;
}

/** The value as the contract writes it: money `금 12,345,678원`, a date `2026년 11월 26일`, text as is. */
export function formatValue(type: VariableType, raw: string | null): string {
  if (raw === null || raw === '') return '';
  if (type === 'money') return `금 ${groupDigits(raw)}원`;
  if (type === 'date') {
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(raw);
    return m ? `${m[1]}년 ${Number(m[2])}월 ${Number(m[3])}일` : raw;
  }
  return raw;
}

/**
 * The template's text with every placeholder filled: variables formatted by their type, clauses
 * by their own text (whose variables are filled the same way; a clause does not place clauses).
 * A name that is neither (a template saved before a variable left the catalogue) throws: the
 * caller must not render a contract with a hole in it.
 */
export function fillTemplate(text: string, values: VariableValues, clauses: ReadonlyMap<string, string>): string {
  const { placeholders, problems } = parsePlaceholders(text);
  if (problems.length > 0) throw new Error(`template text is malformed at ${problems[0].line}:${problems[0].column}`);
  let out = '';
  let at = 0;
  for (const p of placeholders) {
    out += text.slice(at, p.start);
    if (p.kind === 'clause') {
      const clause = clauses.get(p.name);
      if (clause === undefined) throw new Error(`unknown clause ${p.name}`);
      out += fillTemplate(clause.replace(/\{\{\s*clause:[^}]*\}\}/g, ''), values, new Map());
    } else {
      const def = BY_NAME.get(p.name);
      if (!def) throw new Error(`unknown variable ${p.name}`);
      out += formatValue(def.type, values[p.name] ?? null);
    }
    at = p.end;
  }
  return out + text.slice(at);
}

/** The variables whose values differ between two contracts (an amendment's change summary). */
export function changedVariables(
  before: VariableValues,
  after: VariableValues,
): Array<{ name: string; before: string | null; after: string | null }> {
  const ignore = new Set(['contract.no', 'amends.no', 'amends.summary']);
  return VARIABLES.filter((d) => !ignore.has(d.name))
    .map((d) => ({ name: d.name, before: before[d.name] ?? null, after: after[d.name] ?? null }))
    .filter((c) => c.before !== c.after);
}
