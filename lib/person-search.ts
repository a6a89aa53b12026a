/**
 * Person popup search validation (spec §5): at least one of name and single ID; a given name
 * needs at least 2 characters (spec §9: person name minimum 2 characters).
 * Returns i18n message keys, so the popup and the server can word them per language; the
 * Korean defaults are exported for the ko resource bundle.
 */
import { charLength } from './text';

/** Spec §9: person name minimum 2 characters. */
export const PERSON_NAME_MIN = 2;

export type PersonSearchMessageKey = 'person.needNameOrId' | 'person.nameMinLength';

/** Korean default texts (spec §5 gives their meaning; the app's ko bundle should use these). */
export const PERSON_SEARCH_MESSAGES_KO: Readonly<Record<PersonSearchMessageKey, string>> = Object.freeze({
  'person.needNameOrId': '이름과 싱글ID 중 하나 이상 입력해 주세요.',
  'person.nameMinLength': `이름은 ${PERSON_NAME_MIN}자 이상 입력해 주세요.`,
});

export interface PersonSearchInput {
  hname?: string | null;
  singleid?: string | null;
}

/**
 * null when the search may run, else the key of the message to show.
 *
 * Decisions: both fields are trimmed first, so a field of spaces counts as not entered (it
 * would match everyone). "Characters" are code points (charLength), so '김' is 1 and '김수'
 * is 2. The name rule applies whenever a name is given, even with a single ID beside it —
 * the spec says "a given name needs at least 2 characters" without exception.
 */
export function validatePersonSearch(input: PersonSearchInput): PersonSearchMessageKey | null {
  const name = (input.hname ?? '').trim();
  const id = (input.singleid ?? '').trim();
  if (name === '' && id === '') return 'person.needNameOrId';
  if (name !== '' && charLength(name) < PERSON_NAME_MIN) return 'person.nameMinLength';
  return null;
}
