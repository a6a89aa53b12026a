// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { replayedUpTo } from '../../../server/db/replica';

describe('a replica has replayed up to the primary’s insert position (server/db/replica.ts)', () => {
  it('at or past it', () => {
    expect(replayedUpTo(0, '0/3000060')).toBe(true);
    expect(replayedUpTo(-16, '0/3000060')).toBe(true);
  });

  it('short of it by a record: not caught up (a commit may be in the primary’s WAL buffers)', () => {
    expect(replayedUpTo(8, '0/3000060')).toBe(false);
    expect(replayedUpTo(24, '0/3000060')).toBe(false);
  });

  it('short only by the next page’s header, the last record ending on the page boundary: caught up', () => {
    expect(replayedUpTo(24, '0/3002018')).toBe(true); // 0x2018 = 8192 + 24: a short page header
    expect(replayedUpTo(40, '1/5000028')).toBe(true); // 0x28 = 40: a segment's first page, a long header
    expect(replayedUpTo(48, '0/3002018')).toBe(false);
  });
});
