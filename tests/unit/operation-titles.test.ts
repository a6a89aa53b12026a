// @vitest-environment node
import { describe, expect, it } from 'vitest';
import doc from '../../schemas/openapi.generated.json';
import { OPERATION_WORDS } from '../../server/http/operation-words';
import { READ_TITLES } from '../../server/http/operation-titles';
import { listOperations } from '../../server/modules/studio/generate';
import { indexApi } from '../../lib/screen-check/cross-check';

type Op = { operationId?: string; 'x-action-ko'?: { name: string }; 'x-title-ko'?: string };
const ops = Object.values(doc.paths as Record<string, Record<string, Op>>).flatMap((item) =>
  Object.values(item).filter((op): op is Op & { operationId: string } => typeof op?.operationId === 'string'),
);

describe('every operation has a name for people (server/http/operation-titles.ts)', () => {
  it('in the contract: a write by its words (x-action-ko), a read by its title (x-title-ko)', () => {
    expect(ops.length).toBeGreaterThan(500);
    expect(ops.filter((op) => !op['x-action-ko']?.name && !op['x-title-ko']).map((op) => op.operationId)).toEqual([]);
  });

  it('names no operation that is gone or has words of its own', () => {
    const ids = new Set(ops.map((op) => op.operationId));
    expect(Object.keys(READ_TITLES).filter((id) => !ids.has(id) || Object.hasOwn(OPERATION_WORDS, id))).toEqual([]);
  });

  it('tells the studio’s list operations apart by name alone (its picker shows the names)', () => {
    const api = indexApi(doc as unknown as Record<string, unknown>);
    const names = listOperations(doc as unknown as Record<string, unknown>).map((l) => api[l.id]!.title!.ko);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    expect(api.updatePo!.title).toEqual({ ko: '발주 변경', en: 'Change a draft PO' });
  });
});
