import { describe, expect, it } from 'vitest';
import { validateDefinition } from './validate';

const base = { id: 'studio.x', route: '/s/x', portals: ['internal'], title: '화면' };

describe('schema problems: one a mistake', () => {
  it('an action without its kind is one problem, the missing kind — not every kind’s own complaints', () => {
    const problems = validateDefinition(
      {
        ...base,
        kind: 'list',
        source: { operation: 'listPos' },
        columns: [{ field: 'poNo' }],
        actions: [{ label: '저장', operation: 'listPos' }],
      },
      'x',
    );
    expect(problems.map((p) => [p.pointer, p.message])).toEqual([['/actions/0', 'missing required property "kind"']]);
  });

  it('a rule that is neither an expression nor a boolean is one “must be a or b”', () => {
    const problems = validateDefinition(
      { ...base, kind: 'list', source: { operation: 'listPos' }, columns: [{ field: 'poNo', editable: 3 }] },
      'x',
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toMatch(/^must be .+ or .+; got 3$/);
  });
});
