// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  masterKeyOf,
  newWrappedKey,
  openBid,
  sealBid,
  unwrapKey,
} from '../../../server/modules/bidding/tenders/sealing.js';
import {
  byClock,
  liveConfirmations,
  rankBids,
  winnersByLine,
} from '../../../server/modules/bidding/tenders/workflow.js';

describe('bid sealing (AES-256-GCM envelope)', () => {
  const master = masterKeyOf({ bidMasterKey: Buffer.alloc(32, 3), dataDir: '/nonexistent' });
  const at = { tenderNo: 'BD2026-000001', compNo: 'C00001', revision: 1 };

  it('opens what it sealed only with the tender key and the same tender, company and revision', () => {
    const wrapped = newWrappedKey(master, at.tenderNo);
    const { sealed, digest } = sealBid(master, wrapped, at, { lines: [{ lineNo: 1, unitPrice: '123456.78' }] });
    expect(sealed).not.toContain('123456');
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    const key = unwrapKey(master, wrapped, at.tenderNo);
    expect(openBid(key, sealed, at)).toEqual({ lines: [{ lineNo: 1, unitPrice: '123456.78' }] });
    // Moved to another company's row or revision, or opened with another tender's key: refused.
    expect(() => openBid(key, sealed, { ...at, compNo: 'C00002' })).toThrow();
    expect(() => openBid(key, sealed, { ...at, revision: 2 })).toThrow();
    expect(() => openBid(unwrapKey(master, newWrappedKey(master, at.tenderNo), at.tenderNo), sealed, at)).toThrow();
    // Another master key cannot unwrap the tender key.
    const other = masterKeyOf({ bidMasterKey: Buffer.alloc(32, 4), dataDir: '/nonexistent' });
    expect(() => unwrapKey(other, wrapped, at.tenderNo)).toThrow();
    expect(other.ref).not.toBe(master.ref);
  });

  it('makes one key file under the data directory when no master key is configured, and keeps it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bid-key-'));
    try {
      const a = masterKeyOf({ bidMasterKey: null, dataDir: dir });
      const file = path.join(dir, 'keys', 'bid-master.key');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(a.key).toHaveLength(32);
      expect(a.ref).toMatch(/^file:/);
      expect(masterKeyOf({ bidMasterKey: null, dataDir: dir }).key.equals(a.key)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('tender workflow', () => {
  const openAt = new Date('2026-12-01T01:00:00Z');
  const closeAt = new Date('2026-12-01T03:00:00Z');

  it('follows the clock between publication and close, and only then', () => {
    const t = { status: 'PUBLISHED', openAt, closeAt };
    expect(byClock(t, new Date('2026-12-01T00:59:59Z'))).toBe('PUBLISHED');
    expect(byClock(t, openAt)).toBe('OPEN');
    expect(byClock(t, closeAt)).toBe('CLOSED');
    expect(byClock({ ...t, status: 'OPENED' }, closeAt)).toBe('OPENED');
    expect(byClock({ ...t, status: 'DRAFT' }, closeAt)).toBe('DRAFT');
  });

  it('lets an opening confirmation lapse after 30 minutes', () => {
    const now = new Date('2026-12-01T04:00:00Z');
    const rows = [{ confirmedAt: new Date('2026-12-01T03:29:59Z') }, { confirmedAt: new Date('2026-12-01T03:30:00Z') }];
    expect(liveConfirmations(rows, now)).toEqual([rows[1]]);
  });

  it('ranks by price, ties to the earlier bid, and picks winners by rule', () => {
    const early = new Date('2026-12-01T01:00:00Z');
    const late = new Date('2026-12-01T02:00:00Z');
    const ranks = rankBids([
      {
        compNo: 'C2',
        submittedAt: late,
        total: '300',
        lines: [
          { lineNo: 1, unitPrice: '10', amount: '100' },
          { lineNo: 2, unitPrice: '20', amount: '200' },
        ],
      },
      {
        compNo: 'C1',
        submittedAt: early,
        total: '300',
        lines: [
          { lineNo: 1, unitPrice: '9', amount: '90' },
          { lineNo: 2, unitPrice: '21', amount: '210' },
        ],
      },
    ]);
    expect(ranks.total).toEqual(
      new Map([
        ['C1', 1],
        ['C2', 2],
      ]),
    );
    expect(winnersByLine('LOWEST_TOTAL', ranks)).toEqual(
      new Map([
        [1, 'C1'],
        [2, 'C1'],
      ]),
    );
    expect(winnersByLine('LOWEST_PER_LINE', ranks)).toEqual(
      new Map([
        [1, 'C1'],
        [2, 'C2'],
      ]),
    );
  });
});
