// @ts-check
/**
 * One business clock (docs/architecture.md "Time"): in server/ every read of the real time —
 * `new Date()` or `Date.now()` — is either the business clock's job (take app.clock.now() or the
 * job's `now` instead) or a technical instant that says why on its own line or the line above:
 * `// real time: <why>`. So a new business date cannot slip in on the real time unsorted.
 * An `updatedAt:` stamp is technical by construction (the row's write instant beside its version)
 * and needs no comment. tests/unit/business-clock-lint.test.ts plants the cases.
 */
const REASON = /real time[^:\n]{0,20}: *\S.{2,}/i;

/** @type {import('eslint').Rule.RuleModule} */
const realTimeReason = {
  meta: {
    type: 'problem',
    docs: { description: 'A read of the real time in server/ takes the business clock or says why it is technical.' },
    schema: [],
    messages: {
      unsorted:
        'Real time read here: a business moment takes the business clock (app.clock.now() / the job’s now); a technical instant says why with `// real time: <why>` on this line or the line above (docs/architecture.md "Time").',
    },
  },
  create(context) {
    const source = context.sourceCode;
    /** Lines a `real time:` comment ends on, the reason carried through the `//` lines that continue it. */
    const reasoned = new Set();
    let carried = -1;
    for (const c of source.getAllComments()) {
      const start = c.loc?.start.line ?? 0;
      const end = c.loc?.end.line ?? 0;
      if (REASON.test(c.value) || start === carried + 1) {
        reasoned.add(end);
        carried = end;
      }
    }
    /** @param {import('estree').Node} node */
    function check(node) {
      const parent = /** @type {any} */ (node).parent;
      if (parent?.type === 'Property' && parent.value === node && parent.key?.name === 'updatedAt') return;
      const line = node.loc?.start.line ?? 0;
      if (reasoned.has(line) || reasoned.has(line - 1)) return;
      context.report({ node, messageId: 'unsorted' });
    }
    return {
      "NewExpression[callee.name='Date'][arguments.length=0]": check,
      "CallExpression[callee.object.name='Date'][callee.property.name='now']": check,
    };
  },
};

export default { rules: { 'real-time-reason': realTimeReason } };
