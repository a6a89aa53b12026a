// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import {
  BUSINESS_TIME_ZONE,
  CLOCK_SKEW_THRESHOLD_MS,
  MIN_DATE,
  clockSkewExceeded,
  daysInMonth,
  expandTwoDigitYear,
  formatDate,
  formatInstant,
  isLeapYear,
  isValidDateString,
  normalizeMonth,
  textToDate,
} from './date';

describe('constants', () => {
  it('match spec §5/§9', () => {
    expect(MIN_DATE).toBe('1900-01-01');
    expect(CLOCK_SKEW_THRESHOLD_MS).toBe(300000);
  });
});

describe('isLeapYear / daysInMonth', () => {
  it('follows the Gregorian rule', () => {
    expect(isLeapYear(2024)).toBe(true);
    expect(isLeapYear(2023)).toBe(false);
    expect(isLeapYear(1900)).toBe(false);
    expect(isLeapYear(2000)).toBe(true);
    expect(isLeapYear(2100)).toBe(false);
  });

  it('gives month lengths', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2024, 1)).toBe(31);
    expect(daysInMonth(2024, 4)).toBe(30);
    expect(daysInMonth(2024, 12)).toBe(31);
  });

  it('rejects months outside 1–12', () => {
    expect(() => daysInMonth(2024, 0)).toThrow(RangeError);
    expect(() => daysInMonth(2024, 13)).toThrow(RangeError);
  });
});

describe('isValidDateString', () => {
  it.each(['1900-01-01', '2024-02-29', '2000-02-29', '9999-12-31', '2024-12-31'])('accepts %s', (s) => {
    expect(isValidDateString(s)).toBe(true);
  });

  it.each([
    '1899-12-31', // before the minimum year
    '2023-02-29', // not a leap year
    '1900-02-29', // 1900 is not a leap year
    '2024-13-01',
    '2024-00-10',
    '2024-04-31',
    '2024-01-00',
    '2024-1-01', // not zero padded
    '20240101',
    '2024/01/01',
    ' 2024-01-01',
    '',
  ])('rejects %s', (s) => {
    expect(isValidDateString(s)).toBe(false);
  });

  it('rejects non-strings', () => {
    expect(isValidDateString(null)).toBe(false);
    expect(isValidDateString(20240101)).toBe(false);
  });
});

describe('expandTwoDigitYear', () => {
  it('puts years below 70 in the 2000s and the rest in the 1900s', () => {
    expect(expandTwoDigitYear(0)).toBe(2000);
    expect(expandTwoDigitYear(69)).toBe(2069);
    expect(expandTwoDigitYear(70)).toBe(1970);
    expect(expandTwoDigitYear(99)).toBe(1999);
  });
});

describe('textToDate', () => {
  it.each([
    ['20240230', '2024-02-29'], // day clamped in a leap year
    ['20230230', '2023-02-28'], // and in a common year
    ['19000229', '1900-02-28'], // 1900 is not leap
    ['20000230', '2000-02-29'], // 2000 is leap
    ['240230', '2024-02-29'],
    ['2024-2-30', '2024-02-29'],
    ['2024.02.30', '2024-02-29'],
    ['2024/02/30', '2024-02-29'],
    ['2024. 2. 30.', '2024-02-29'],
    ['2024 2 3', '2024-02-03'],
    ['99-13-01', '1999-12-01'], // month clamped to 12
    ['20241301', '2024-12-01'],
    ['20240015', '2024-01-15'], // month 0 clamped to 1
    ['20240100', '2024-01-01'], // day 0 clamped to 1
    ['20240431', '2024-04-30'],
    ['20241299', '2024-12-31'],
    ['2024-01-15', '2024-01-15'], // already valid
    ['  20240115  ', '2024-01-15'],
  ])('%s → %s', (input, expected) => {
    expect(textToDate(input)).toBe(expected);
  });

  it('maps two-digit years at the 69/70 pivot', () => {
    expect(textToDate('690101')).toBe('2069-01-01');
    expect(textToDate('700101')).toBe('1970-01-01');
    expect(textToDate('000101')).toBe('2000-01-01');
    expect(textToDate('69-1-1')).toBe('2069-01-01');
    expect(textToDate('70-1-1')).toBe('1970-01-01');
  });

  it('reads 6 digits as YYMMDD, never YYYYMM', () => {
    expect(textToDate('202402')).toBe('2020-12-02');
  });

  it('clamps dates before 1900-01-01 to the minimum', () => {
    expect(textToDate('18991231')).toBe('1900-01-01');
    expect(textToDate('00000101')).toBe('1900-01-01');
    expect(textToDate('1899-1-1')).toBe('1900-01-01');
    expect(textToDate('19000101')).toBe('1900-01-01');
    expect(textToDate('19000102')).toBe('1900-01-02');
  });

  it('clamps to a later min when given', () => {
    expect(textToDate('20240101', { min: '2024-06-01' })).toBe('2024-06-01');
    expect(textToDate('20240601', { min: '2024-06-01' })).toBe('2024-06-01');
    expect(textToDate('20240602', { min: '2024-06-01' })).toBe('2024-06-02');
  });

  it('rejects an invalid min', () => {
    expect(() => textToDate('20240101', { min: '1899-12-31' })).toThrow(RangeError);
    expect(() => textToDate('20240101', { min: '2024-02-30' })).toThrow(RangeError);
  });

  it.each([
    [''],
    ['   '],
    ['2024023'], // 7 digits
    ['202402301'], // 9 digits
    ['24023'],
    ['2024'],
    ['2024-02'],
    ['abc'],
    ['2024-02-30x'],
    ['202-02-03'], // 3-digit year
    ['2024-123-01'],
    ['2024--'],
  ])('gives null for %j', (input) => {
    expect(textToDate(input)).toBeNull();
  });

  it('gives null for null and undefined', () => {
    expect(textToDate(null)).toBeNull();
    expect(textToDate(undefined)).toBeNull();
  });

  it('always returns a valid date string', () => {
    for (const input of ['99999999', '00000000', '991399', '691340', '2400-02-30']) {
      const out = textToDate(input);
      expect(isValidDateString(out)).toBe(true);
    }
    expect(textToDate('99999999')).toBe('9999-12-31');
    expect(textToDate('2400-02-30')).toBe('2400-02-29');
  });
});

describe('normalizeMonth', () => {
  it.each([
    ['202402', '202402'],
    ['190001', '190001'],
    ['202412', '202412'],
    ['2024-03', '202403'],
    ['2024-3', '202403'],
    ['2024.03', '202403'],
    ['2024/3', '202403'],
    [' 202403 ', '202403'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeMonth(input)).toBe(expected);
  });

  it.each([
    ['189912'], // year below 1900
    ['202413'], // month above 12
    ['202400'], // month 0
    ['2024-13'],
    ['20241'], // ambiguous without a separator
    ['2024011'],
    ['20240101'],
    ['2402'],
    ['abcdef'],
    [''],
  ])('gives empty for %j', (input) => {
    expect(normalizeMonth(input)).toBe('');
  });

  it('gives empty for null and undefined', () => {
    expect(normalizeMonth(null)).toBe('');
    expect(normalizeMonth(undefined)).toBe('');
  });
});

describe('formatDate', () => {
  // Local-time constructor, so the expectations hold in any runtime time zone.
  const mon = new Date(2024, 2, 4, 13, 7, 9); // Monday 2024-03-04 13:07:09
  const sun = new Date(2024, 2, 3, 0, 5, 0); // Sunday, just after midnight
  const noon = new Date(2024, 2, 9, 12, 0, 0); // Saturday noon

  it('renders the numeric tokens zero padded', () => {
    expect(formatDate(mon, 'yyyy-MM-dd HH:mm:ss')).toBe('2024-03-04 13:07:09');
    expect(formatDate(mon, 'yyMMdd')).toBe('240304');
    expect(formatDate(new Date(2005, 0, 1), 'yy')).toBe('05');
    expect(formatDate(new Date(2000, 0, 1), 'yy')).toBe('00');
  });

  it('renders hh as 12-hour with 12 at noon and midnight', () => {
    expect(formatDate(mon, 'hh')).toBe('01');
    expect(formatDate(sun, 'hh')).toBe('12');
    expect(formatDate(noon, 'hh')).toBe('12');
    expect(formatDate(new Date(2024, 0, 1, 11, 59), 'hh')).toBe('11');
    expect(formatDate(new Date(2024, 0, 1, 23, 0), 'hh HH')).toBe('11 23');
  });

  it('renders 오전/오후 in Korean with the switch at noon', () => {
    expect(formatDate(sun, 'a hh:mm')).toBe('오전 12:05');
    expect(formatDate(new Date(2024, 0, 1, 11, 59, 59), 'a')).toBe('오전');
    expect(formatDate(noon, 'a hh:mm')).toBe('오후 12:00');
    expect(formatDate(mon, 'a hh:mm', 'ko')).toBe('오후 01:07');
  });

  it('renders AM/PM in English', () => {
    expect(formatDate(sun, 'hh:mm a', 'en')).toBe('12:05 AM');
    expect(formatDate(noon, 'hh:mm a', 'en')).toBe('12:00 PM');
  });

  it('renders weekdays short and long in Korean and English', () => {
    expect(formatDate(mon, 'E')).toBe('월');
    expect(formatDate(mon, 'EEEE')).toBe('월요일');
    expect(formatDate(mon, 'E', 'en')).toBe('Mon');
    expect(formatDate(mon, 'EEEE', 'en')).toBe('Monday');
    expect(formatDate(sun, 'E EEEE')).toBe('일 일요일');
    expect(formatDate(noon, 'E EEEE', 'en')).toBe('Sat Saturday');
  });

  it('covers every weekday in both languages', () => {
    const ko: string[] = [];
    const en: string[] = [];
    for (let day = 3; day <= 9; day++) {
      ko.push(formatDate(new Date(2024, 2, day), 'E'));
      en.push(formatDate(new Date(2024, 2, day), 'EEEE', 'en'));
    }
    expect(ko.join('')).toBe('일월화수목금토');
    expect(en).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
  });

  it('keeps Hangul and punctuation literal', () => {
    expect(formatDate(mon, 'yyyy년 MM월 dd일 (E)')).toBe('2024년 03월 04일 (월)');
  });

  it('keeps quoted text literal and reads two quotes as one', () => {
    expect(formatDate(mon, "yyyy-MM-dd'T'HH:mm")).toBe('2024-03-04T13:07');
    expect(formatDate(mon, "'at' HH'h'")).toBe('at 13h');
    expect(formatDate(mon, "HH''mm")).toBe("13'07");
  });

  it('accepts epoch milliseconds', () => {
    expect(formatDate(mon.getTime(), 'yyyy-MM-dd HH:mm:ss')).toBe('2024-03-04 13:07:09');
  });

  it('pads years below 1000 to four digits', () => {
    const d = new Date(2000, 0, 1);
    d.setFullYear(987);
    expect(formatDate(d, 'yyyy yy')).toBe('0987 87');
  });

  it('gives empty for an invalid date', () => {
    expect(formatDate(new Date('nope'), 'yyyy')).toBe('');
    expect(formatDate(Number.NaN, 'yyyy')).toBe('');
  });

  it.each(['YYYY', 'DD', 'M', 'd', 'yyy', 'EE', 'EEE', 'HHH', 'T', 'aa', 'S'])('rejects the non-spec token %s', (p) => {
    expect(() => formatDate(mon, p)).toThrow(RangeError);
  });

  it('names the bad token', () => {
    expect(() => formatDate(mon, 'YYYY-MM-DD')).toThrow(/"YYYY"/);
  });

  it('rejects an unclosed quote', () => {
    expect(() => formatDate(mon, "yyyy 'x")).toThrow(/unclosed quote/);
  });
});

describe('clockSkewExceeded', () => {
  const server = 1_700_000_000_000;

  it('is not exceeded at exactly 300000 ms either way', () => {
    expect(clockSkewExceeded(server, server + 300_000)).toBe(false);
    expect(clockSkewExceeded(server, server - 300_000)).toBe(false);
    expect(clockSkewExceeded(server, server)).toBe(false);
  });

  it('is exceeded at 300001 ms either way', () => {
    expect(clockSkewExceeded(server, server + 300_001)).toBe(true);
    expect(clockSkewExceeded(server, server - 300_001)).toBe(true);
  });

  it('cannot tell without both clocks', () => {
    expect(clockSkewExceeded(Number.NaN, server)).toBe(false);
    expect(clockSkewExceeded(server, Number.POSITIVE_INFINITY)).toBe(false);
  });
});

describe('formatInstant (the business clock, Asia/Seoul, whatever the browser)', () => {
  const original = process.env.TZ;
  afterEach(() => {
    // Node re-reads TZ when it is assigned: each case below runs as a browser in another zone would.
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });
  // A session that ends at 11:34 in Korea: 02:34 UTC.
  const ends = '2026-11-23T02:34:00.000Z';

  it.each(['UTC', 'America/New_York', 'Australia/Sydney', 'Asia/Seoul'])(
    'prints the Korean wall time in a %s browser',
    (zone) => {
      process.env.TZ = zone;
      expect(new Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone);
      expect(formatInstant(ends, 'yyyy-MM-dd HH:mm')).toBe('2026-11-23 11:34');
      expect(formatInstant(new Date(ends), 'a hh:mm')).toBe('오전 11:34');
      expect(formatInstant(Date.parse(ends), 'a hh:mm E', 'en')).toBe('AM 11:34 Mon');
    },
  );

  it('in a UTC browser formatDate still prints the browser clock: the difference the fix makes', () => {
    process.env.TZ = 'UTC';
    expect(formatDate(new Date(ends), 'a hh:mm')).toBe('오전 02:34');
    expect(formatInstant(ends, 'a hh:mm')).toBe('오전 11:34');
  });

  it('crosses midnight and the year on the Korean side', () => {
    process.env.TZ = 'UTC';
    expect(formatInstant('2026-12-31T15:00:00Z', 'yyyy-MM-dd HH:mm:ss EEEE')).toBe('2027-01-01 00:00:00 금요일');
    expect(formatInstant('2026-12-31T14:59:59Z', 'yyyy-MM-dd HH:mm:ss')).toBe('2026-12-31 23:59:59');
    expect(formatInstant('2026-03-02T15:00:00Z', 'a hh HH')).toBe('오전 12 00');
  });

  it('another zone when asked; invalid input gives an empty text', () => {
    expect(BUSINESS_TIME_ZONE).toBe('Asia/Seoul');
    expect(formatInstant(ends, 'HH:mm', 'ko', 'UTC')).toBe('02:34');
    expect(formatInstant('not a date', 'HH:mm')).toBe('');
    expect(formatInstant(Number.NaN, 'HH:mm')).toBe('');
  });
});
