/**
 * Running call actions: confirmation, one call per selected row (multi) or one call, the
 * server's errors shown, and the effects that follow (reload, refresh texts, close …).
 */
import type { CallAction, Effect } from '../definition/types';
import { evalRule, type ExprScope } from '../expr/expr';
import { OperationError, type EngineServices } from '../services';
import { buildInputs, evalMap, type NormalAction } from './actions';
import type { FrameApi } from './frame';
import { confirmText, type WriteWords } from './write-words';

type Row = Record<string, unknown>;

export interface CallContext {
  frame: FrameApi;
  services: EngineServices;
  scope: ExprScope;
  rows: Row[];
  /** The form's values for a 'form' body. */
  formBody?: unknown;
  /** After a call the server refused (its message shown): the action's `thenOnError`. */
  onRefused?: () => Promise<void>;
}

/**
 * Asks the definition's confirmation (with {{count}}); true to go on. `always`: a stored screen's
 * action asks even when its definition names no confirmation. `words`: a stored screen's write,
 * confirmed in the operation's own words, the definition's text after them (write-words.ts).
 */
async function confirmAction(
  action: NormalAction,
  frame: FrameApi,
  count: number,
  always = false,
  words: WriteWords | null = null,
): Promise<boolean> {
  if (words) return frame.confirm(confirmText(words, action.confirm ? frame.t(action.confirm, { count }) : undefined));
  if (!action.confirm)
    return always ? frame.confirm(frame.t('engine.confirmCall', { action: frame.t(action.label), count })) : true;
  return frame.confirm(frame.t(action.confirm, { count }));
}

/** The user answered 취소 to a refusal they could overrule: nothing more is sent, and nothing is shown. */
export class RefusalDeclined extends Error {
  constructor(readonly refusal: OperationError) {
    super(refusal.message);
    this.name = 'RefusalDeclined';
  }
}

/**
 * Sends a call (`send`, given the body fields to add), and again when the server answers a refusal
 * the action lets the user overrule (`confirmRefusals`: a WARN budget account's BUDGET_WARN_CONFIRM
 * → confirmBudgetWarning): the server's message is asked as a question and, confirmed, the rule's
 * body is added to what was sent. Each rule once; refusals follow one another (a supplier graded
 * "warn", then the budget). Resolves the answer; rejects with RefusalDeclined when the user says
 * 취소, or with any other error as it came.
 */
export async function sendOverruling<T>(
  rules: CallAction['confirmRefusals'],
  frame: Pick<FrameApi, 'confirm' | 't'>,
  scope: ExprScope,
  send: (extraBody: Record<string, unknown>) => Promise<T>,
): Promise<T> {
  let extra: Record<string, unknown> = {};
  const asked = new Set<string>();
  for (;;) {
    try {
      return await send(extra);
    } catch (e) {
      const rule =
        e instanceof OperationError && e.code && !asked.has(e.code) ? rules?.find((r) => r.code === e.code) : undefined;
      if (!rule) throw e;
      const refusal = e as OperationError;
      asked.add(rule.code);
      const question = frame.t('engine.confirmRefusal', { message: refusal.serverMessage ?? refusal.message });
      if (!(await frame.confirm(question))) throw new RefusalDeclined(refusal);
      extra = { ...extra, ...evalMap(rule.body, scope) };
    }
  }
}

/** The call's inputs with body fields added (a refusal overruled); a 'form' or absent body becomes an object. */
export function withBody<I extends { body?: unknown }>(input: I, extra: Record<string, unknown>): I {
  if (Object.keys(extra).length === 0) return input;
  const body = input.body && typeof input.body === 'object' && !Array.isArray(input.body) ? input.body : {};
  return { ...input, body: { ...body, ...extra } };
}

/**
 * Asks (the prompt or the confirmation; `always`: a stored screen's action asks even when its
 * definition names no confirmation), then makes the call with `run`. A prompt stays open while
 * the call runs and after the server refuses it (`keepOpen` of the outcome), with everything typed,
 * so the user corrects and sends again; it closes on success or 취소. Resolves to the last outcome,
 * or null when the user stopped before any call, or cancelled the prompt after a refusal.
 */
export async function askAndCall<R>(
  action: NormalAction,
  frame: FrameApi,
  scope: ExprScope,
  count: number,
  run: (asked: ExprScope) => Promise<R>,
  keepOpen: (outcome: R) => boolean,
  always = false,
  words: WriteWords | null = null,
): Promise<R | null> {
  const prompt = (action as CallAction).prompt;
  if (!prompt) return (await confirmAction(action, frame, count, always, words)) ? run(scope) : null;
  let outcome: R | null = null;
  const authorText = action.confirm ? frame.t(action.confirm, { count }) : undefined;
  const input = await frame.prompt(prompt, {
    title: words ? words.name : frame.t(action.label),
    message: words ? confirmText(words, authorText) : authorText,
    scope,
    submit: async (values) => {
      outcome = await run({ ...scope, input: values });
      return !keepOpen(outcome);
    },
  });
  return input ? outcome : null;
}

/**
 * A call action over the selection: one call (selection none/single) or one per row (multi),
 * in order; a failure stops the rest and is shown with the server's message.
 * Resolves true when every call succeeded.
 */
export async function runRowCalls(action: NormalAction & CallAction, ctx: CallContext): Promise<boolean> {
  const { frame, services } = ctx;
  const selection = action.selection ?? 'none';
  if (selection === 'single' && ctx.rows.length !== 1) {
    await frame.alert(frame.t('engine.selectOne'));
    return false;
  }
  if (selection === 'multi' && ctx.rows.length === 0) {
    await frame.alert(frame.t('engine.selectSome'));
    return false;
  }
  const targets = selection === 'multi' ? ctx.rows : [ctx.rows[0] ?? null];
  const prompt = action.prompt;
  // 'refused': nothing done, the prompt stays open; 'partly': some rows done, it closes.
  let answer: unknown = null;
  const callAll = async (asked: ExprScope): Promise<'done' | 'partly' | 'refused'> => {
    let done = 0;
    for (const row of targets) {
      const inputs = buildInputs(action.params, { ...asked, row }, ctx.formBody, prompt);
      try {
        answer = await sendOverruling(action.confirmRefusals, frame, { ...asked, row }, (extra) =>
          services.call(action.operation!, withBody(inputs, extra), { confirmed: true }),
        );
        done++;
      } catch (e) {
        // Declined: nothing more was sent for this row; the rest are not sent either.
        if (e instanceof RefusalDeclined) return done > 0 ? 'partly' : 'refused';
        if (done > 0) {
          const message =
            e instanceof OperationError ? (e.serverMessage ?? e.message) : e instanceof Error ? e.message : String(e);
          await frame.alert(frame.t('engine.partlyDone', { done, failed: targets.length - done, message }));
        } else await frame.alertError(e);
        await ctx.onRefused?.();
        return done > 0 ? 'partly' : 'refused';
      }
    }
    return 'done';
  };
  const outcome = await askAndCall(
    action,
    frame,
    { ...ctx.scope, row: targets[0] ?? ctx.scope.row ?? null },
    targets.length,
    callAll,
    (o) => o === 'refused',
    services.confirmWrites === true,
    services.writeWords?.(action.operation!) ?? null,
  );
  if (outcome !== 'done') return false;
  // The message may depend on the answer (a tender's second opening confirmation opens it) and name its fields.
  const said =
    action.successWhen?.find((s) => evalRule(s.when, { ...ctx.scope, answer }, false))?.text ?? action.success;
  frame.notify(
    said
      ? frame.t(said, answerFields(answer))
      : selection === 'multi'
        ? frame.t('engine.doneCount', { count: targets.length })
        : frame.t('engine.done'),
  );
  return true;
}

/** The answer's plain fields (text and numbers) for a success message's placeholders. */
function answerFields(answer: unknown): Record<string, unknown> | undefined {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return undefined;
  return Object.fromEntries(
    Object.entries(answer as Record<string, unknown>).filter(([, v]) => typeof v === 'string' || typeof v === 'number'),
  );
}

export interface EffectContext {
  frame: FrameApi;
  services: EngineServices;
  reload?: () => void;
  clearSelection?: () => void;
  newRecord?: () => void;
  /** Edit screens: read the record again (`reloadRecord`). */
  reloadRecord?: () => Promise<void>;
  /** Set when the screen changed data (a dialog tells its opener). */
  changed?: boolean;
}

/** The effects a definition lists after a successful action, in order. */
export async function runEffects(effects: readonly Effect[], ctx: EffectContext): Promise<void> {
  for (const e of effects) {
    switch (e) {
      case 'reload':
        ctx.reload?.();
        break;
      case 'clearSelection':
        ctx.clearSelection?.();
        break;
      case 'newRecord':
        ctx.newRecord?.();
        break;
      case 'reloadRecord':
        await ctx.reloadRecord?.();
        break;
      case 'reloadTexts':
        await ctx.services.reloadTexts?.();
        break;
      case 'reloadCodes':
        await ctx.services.reloadCodes?.();
        break;
      case 'back':
      case 'close':
        ctx.frame.leave(ctx.changed ?? true);
        break;
    }
  }
}
