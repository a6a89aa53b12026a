// @vitest-environment node
import { describe, expect, it } from 'vitest';
import doc from '../../schemas/openapi.generated.json';
import { indexApi } from '../../lib/screen-check/cross-check';
import { screenDefinitions } from '../../screens';

/**
 * A list screen asks page by page (engine/list/page-fetcher.ts sends `page` and `size`). An operation that
 * declares neither either refuses them (400, as listMyReductions did) or ignores them: every page then answers
 * the same rows. The contract must say the operation takes both.
 */
describe('every list screen’s operation takes page and size', () => {
  const api = indexApi(doc as unknown as Record<string, unknown>);
  const lists = screenDefinitions.flatMap(({ file, definition }) => {
    const def = definition as { kind?: string; source?: { operation?: string } };
    return def.kind === 'list' && def.source?.operation ? [{ file, operation: def.source.operation }] : [];
  });

  it('finds the list screens and their operations in the contract', () => {
    expect(lists.length).toBeGreaterThan(100);
    expect(lists.filter((l) => !api[l.operation]).map((l) => `${l.file}: ${l.operation}`)).toEqual([]);
  });

  it('declares page and size on each of them', () => {
    const unpaged = lists
      .filter((l) => api[l.operation] && !['page', 'size'].every((p) => api[l.operation]!.queryParams.includes(p)))
      .map((l) => `${l.file}: ${l.operation}`);
    expect(unpaged).toEqual([]);
  });
});
