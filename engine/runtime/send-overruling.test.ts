// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { OperationError } from '../services';
import { RefusalDeclined, sendOverruling, withBody } from './run-actions';

const RULES: Array<{ code: string; body: Record<string, string> }> = [
  { code: 'EVAL_WARN_CONFIRM', body: { confirmEvaluationWarning: 'true' } },
  { code: 'BUDGET_WARN_CONFIRM', body: { confirmBudgetWarning: 'true' } },
];

/** A frame whose confirmations answer in turn, recording what was asked. */
function frameAnswering(...answers: boolean[]) {
  const asked: string[] = [];
  return {
    asked,
    frame: {
      t: (key: string, values?: Record<string, unknown>) => `${key}:${String(values?.message ?? '')}`,
      confirm: async (text: string) => {
        asked.push(text);
        return answers.shift() ?? false;
      },
    },
  };
}

/** A server that refuses with each code in turn until the body carries its flag. */
function server(...refusals: Array<[code: string, flag: string]>) {
  const sent: Array<Record<string, unknown>> = [];
  const send = async (extra: Record<string, unknown>) => {
    sent.push(extra);
    for (const [code, flag] of refusals) if (!extra[flag]) throw new OperationError(409, code, `${code} 메시지`);
    return 'done';
  };
  return { sent, send };
}

describe('sendOverruling: refusals the user may overrule', () => {
  it('asks each refusal’s message and sends again with the flags gathered', async () => {
    const { frame, asked } = frameAnswering(true, true);
    const { sent, send } = server(
      ['EVAL_WARN_CONFIRM', 'confirmEvaluationWarning'],
      ['BUDGET_WARN_CONFIRM', 'confirmBudgetWarning'],
    );
    await expect(sendOverruling(RULES, frame, {}, send)).resolves.toBe('done');
    expect(asked).toEqual([
      'engine.confirmRefusal:EVAL_WARN_CONFIRM 메시지',
      'engine.confirmRefusal:BUDGET_WARN_CONFIRM 메시지',
    ]);
    expect(sent).toEqual([
      {},
      { confirmEvaluationWarning: true },
      { confirmEvaluationWarning: true, confirmBudgetWarning: true },
    ]);
  });

  it('취소 sends nothing more (RefusalDeclined); another refusal, or a rule’s code twice, comes through as it is', async () => {
    const declined = server(['BUDGET_WARN_CONFIRM', 'confirmBudgetWarning']);
    const no = frameAnswering(false);
    const e = await sendOverruling(RULES, no.frame, {}, declined.send).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(RefusalDeclined);
    expect((e as RefusalDeclined).refusal.code).toBe('BUDGET_WARN_CONFIRM');
    expect(declined.sent).toEqual([{}]);

    const other = server(['BUDGET_EXCEEDED', 'never']);
    const quiet = frameAnswering(true);
    await expect(sendOverruling(RULES, quiet.frame, {}, other.send)).rejects.toMatchObject({ code: 'BUDGET_EXCEEDED' });
    expect(quiet.asked).toEqual([]);

    // The server refuses again although the flag was sent: shown, not asked a second time.
    const stubborn = server(['BUDGET_WARN_CONFIRM', 'notTheFlag']);
    const yes = frameAnswering(true, true);
    await expect(sendOverruling(RULES, yes.frame, {}, stubborn.send)).rejects.toMatchObject({
      code: 'BUDGET_WARN_CONFIRM',
    });
    expect(yes.asked).toHaveLength(1);
    expect(stubborn.sent).toHaveLength(2);
  });

  it('withBody adds the flags to a body map or a form, and leaves an input alone without any', () => {
    const input = { path: { poNo: 'PO1' }, body: { version: 2 } };
    expect(withBody(input, {})).toBe(input);
    expect(withBody(input, { confirmBudgetWarning: true })).toEqual({
      path: { poNo: 'PO1' },
      body: { version: 2, confirmBudgetWarning: true },
    });
    const noBody: { path: Record<string, string>; body?: unknown } = { path: {} };
    expect(withBody(noBody, { confirmBudgetWarning: true })).toEqual({
      path: {},
      body: { confirmBudgetWarning: true },
    });
  });
});
