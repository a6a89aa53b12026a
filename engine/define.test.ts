// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { defineListScreen } from './define';
import { validateDefinition } from './definition/validate';

describe('typed definitions', () => {
  it('the compiler checks operation, filters and columns against the API types (see the @ts-expect-error lines)', () => {
    const ok = defineListScreen({
      id: 'test.sessions',
      title: 'Sessions',
      source: { operation: 'listSessions', defaultSort: 'createdDate:desc' },
      filters: [{ field: 'userId' }],
      columns: [{ field: 'userId' }, { field: 'ip' }],
    });
    expect(validateDefinition(ok, 'test.ts')).toEqual([]);
    defineListScreen({
      id: 'test.bad',
      title: 'Bad',
      source: { operation: 'listSessions' },
      // @ts-expect-error — not a query parameter of listSessions
      filters: [{ field: 'nope' }],
      // @ts-expect-error — not a field of the rows of listSessions
      columns: [{ field: 'passwordHash' }],
    });
    // @ts-expect-error — getMessage does not answer a list
    defineListScreen({ id: 'test.notList', title: 'x', source: { operation: 'getMessage' }, columns: [] });
    defineListScreen({
      id: 'test.sort',
      title: 'x',
      // @ts-expect-error — the server cannot sort sessions by that field
      source: { operation: 'listSessions', defaultSort: 'nope:asc' },
      columns: [{ field: 'userId' }],
    });
  });
});
