import { maskPersonal } from '../../../lib/personal-data.js';
import type { PersonalOperation } from './registry.js';

type Row = Record<string, unknown>;

/** The rows of an answer that hold the operation's personal fields. */
export function personalRows(op: PersonalOperation, answer: unknown): Row[] {
  if (answer === null || typeof answer !== 'object') return [];
  if (op.at === 'self') return [answer as Row];
  const list = op.at === '.' ? answer : (answer as Row)[op.at];
  return Array.isArray(list) ? (list.filter((r) => r !== null && typeof r === 'object') as Row[]) : [];
}

/** The subjects whose personal data the rows show (rows with no value in any personal field show none). */
export function subjectsShown(op: PersonalOperation, answer: unknown): { keys: string[]; fields: string[] } {
  const prefix = op.keyPrefix ? String((answer as Row)[op.keyPrefix] ?? '') : '';
  const keys: string[] = [];
  const fields = new Set<string>();
  for (const row of personalRows(op, answer)) {
    const present = Object.keys(op.fields).filter((f) => typeof row[f] === 'string' && row[f] !== '');
    if (present.length === 0) continue;
    present.forEach((f) => fields.add(f));
    keys.push(prefix ? `${prefix}:${String(row[op.key])}` : String(row[op.key]));
  }
  return { keys, fields: [...fields] };
}

/** The row with its personal fields masked: a copy when one has a value, else the row itself (nothing to change). */
function maskRow(op: PersonalOperation, row: Row): Row {
  let out: Row | null = null;
  for (const field in op.fields) {
    const value = row[field];
    if (typeof value !== 'string' || value === '') continue;
    out ??= { ...row };
    out[field] = maskPersonal(op.fields[field], value);
  }
  return out ?? row;
}

/** The answer with its personal fields masked; copies what it changes (a handler may hand out a cached object). */
export function maskedAnswer(op: PersonalOperation, answer: unknown): unknown {
  if (answer === null || typeof answer !== 'object') return answer;
  const maskList = (list: unknown) =>
    Array.isArray(list) ? list.map((r) => (r !== null && typeof r === 'object' ? maskRow(op, r as Row) : r)) : list;
  if (op.at === 'self') return maskRow(op, answer as Row);
  if (op.at === '.') return maskList(answer);
  return { ...(answer as Row), [op.at]: maskList((answer as Row)[op.at]) };
}
