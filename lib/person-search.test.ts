// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PERSON_NAME_MIN, PERSON_SEARCH_MESSAGES_KO, validatePersonSearch } from './person-search';

describe('validatePersonSearch', () => {
  it('requires at least one of name and single ID', () => {
    expect(validatePersonSearch({})).toBe('person.needNameOrId');
    expect(validatePersonSearch({ hname: '', singleid: '' })).toBe('person.needNameOrId');
    expect(validatePersonSearch({ hname: null, singleid: null })).toBe('person.needNameOrId');
  });

  it('treats whitespace-only fields as not entered', () => {
    expect(validatePersonSearch({ hname: '  ', singleid: '\u3000' })).toBe('person.needNameOrId');
  });

  it('accepts a single ID alone', () => {
    expect(validatePersonSearch({ singleid: 'a' })).toBeNull();
    expect(validatePersonSearch({ hname: ' ', singleid: 'hong.gd' })).toBeNull();
  });

  it('refuses a 1-character name and accepts exactly 2', () => {
    expect(validatePersonSearch({ hname: '김' })).toBe('person.nameMinLength');
    expect(validatePersonSearch({ hname: '김수' })).toBeNull();
    expect(validatePersonSearch({ hname: '홍길동' })).toBeNull();
  });

  it('counts the name after trimming', () => {
    expect(validatePersonSearch({ hname: ' 김 ' })).toBe('person.nameMinLength');
  });

  it('counts code points, so one emoji is one character', () => {
    expect(validatePersonSearch({ hname: '\u{1F600}' })).toBe('person.nameMinLength');
  });

  it('applies the name rule even when a single ID is given', () => {
    expect(validatePersonSearch({ hname: '김', singleid: 'kim' })).toBe('person.nameMinLength');
    expect(validatePersonSearch({ hname: '김수', singleid: 'kim' })).toBeNull();
  });
});

describe('constants and messages', () => {
  it('has the spec minimum', () => {
    expect(PERSON_NAME_MIN).toBe(2);
  });

  it('has Korean texts for both keys', () => {
    expect(Object.keys(PERSON_SEARCH_MESSAGES_KO).sort()).toEqual(['person.nameMinLength', 'person.needNameOrId']);
    expect(PERSON_SEARCH_MESSAGES_KO['person.needNameOrId']).toMatch(/이름.*싱글ID.*하나 이상/);
    expect(PERSON_SEARCH_MESSAGES_KO['person.nameMinLength']).toContain('2자 이상');
  });
});
