// @vitest-environment node
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isoTimestamp } from '../../../server/db/pglite/parsers.mjs';

// What the API answered before: pg's own parser made a Date, and the answer
// printed it with toISOString. The string parser must print the same text for every input.
const before = (oid: number) => {
  const parse = pg.types.getTypeParser(oid, 'text') as (v: string) => Date;
  return (v: string) => parse(v).toISOString();
};

describe('isoTimestamp: PostgreSQL text → the API’s ISO text, as Date#toISOString printed it', () => {
  const tz = before(1184);
  const plain = before(1114);

  it('cuts the UTC form (the session zone of both our databases) with 0–6 fraction digits', () => {
    for (const v of [
      '2024-11-05 05:30:09+00',
      '2024-11-05 05:30:09.1+00',
      '2024-11-05 05:30:09.12+00',
      '2024-11-05 05:30:09.123+00',
      '2024-11-05 05:30:09.1239+00',
      '2024-11-05 05:30:09.999999+00',
      '0050-01-01 00:00:00+00',
    ]) {
      expect(isoTimestamp(v)).toBe(tz(v));
    }
    expect(isoTimestamp('2024-11-05 05:30:09.5+00')).toBe('2024-11-05T05:30:09.500Z');
  });

  it('shifts other offsets, with minutes and seconds, and reads a timestamp without zone as local time', () => {
    for (const v of [
      '2024-11-05 14:30:09.123+09',
      '2024-03-01 00:10:00-03:30',
      '1890-01-01 12:00:00+08:27:52',
      '1890-01-01 12:00:00-00:25:21',
      '2024-12-31 23:59:59.9999+05:45',
    ]) {
      expect(isoTimestamp(v)).toBe(tz(v));
    }
    for (const v of ['2024-11-05 05:30:09.123', '2024-11-05 05:30:09']) expect(isoTimestamp(v)).toBe(plain(v));
  });

  it('agrees with the Date round trip on random instants', () => {
    for (let i = 0; i < 2000; i++) {
      const ms = Math.floor(Math.random() * 4102444800000);
      const micros = String(Math.floor(Math.random() * 1000)).padStart(3, '0');
      const iso = new Date(ms).toISOString();
      // PostgreSQL prints up to microseconds and drops trailing zeros (and the point with them).
      const frac = (iso.slice(20, 23) + micros).replace(/0+$/, '');
      const v = `${iso.slice(0, 10)} ${iso.slice(11, 19)}${frac ? `.${frac}` : ''}+00`;
      expect(isoTimestamp(v)).toBe(tz(v));
    }
  });

  it('leaves what a Date cannot print as ISO as PostgreSQL wrote it', () => {
    expect(isoTimestamp('infinity')).toBe('infinity');
    expect(isoTimestamp('-infinity')).toBe('-infinity');
    expect(isoTimestamp('0044-03-15 12:00:00+00 BC')).toBe('0044-03-15 12:00:00+00 BC');
  });
});
