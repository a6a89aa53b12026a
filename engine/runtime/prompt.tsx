/**
 * An action's prompt: a small dialog asking for what the call needs besides the record — a
 * rejection comment, a cancellation reason, the buyer to assign — before the call is made. The
 * answers are the `input` root of the action's parameter expressions (`"comment": "input.comment"`).
 * Required fields are checked here; 취소, Escape and × call nothing.
 */
import { useState } from 'react';
import { WidgetButton } from '../../widgets/common/button';
import { Modal } from '../../widgets/modal/modal';
import type { FieldDef, PromptDef } from '../definition/types';
import { evalRule, type ExprScope } from '../expr/expr';
import { defaultValue } from '../list/filters';
import { widgetSpec } from '../registry/widgets';
import type { LoginData } from '../../widgets/services';
import type { Translate } from '../text';
import styles from '../ui/engine.module.css';
import { EngineInput } from './inputs';

export type PromptValues = Record<string, unknown>;

/** The record a prompt's `{ record: field }` default reads: an edit screen's form, else the chosen row. */
function recordOf(scope: ExprScope): Record<string, unknown> {
  const r = scope.form ?? scope.row;
  return r && typeof r === 'object' ? (r as Record<string, unknown>) : {};
}

/** The values a prompt starts with: each field's default, else its widget's empty value. */
export function promptStart(
  def: PromptDef,
  login: LoginData | null,
  today = new Date(),
  scope: ExprScope = {},
): PromptValues {
  const out: PromptValues = {};
  for (const f of def.fields) {
    const d = f.default;
    out[f.field] =
      d && typeof d === 'object' && !Array.isArray(d) && 'record' in d
        ? (recordOf(scope)[d.record] ?? '')
        : defaultValue(d, f.widget, login, today);
  }
  return out;
}

/**
 * The fields shown: each field's `visible` over the dialog's own answers (`input`) and the action's scope — a choice
 * between two kinds of document shows only the chosen kind's field.
 */
function promptShown(def: PromptDef, scope: ExprScope): FieldDef[] {
  return def.fields.filter((f) => evalRule(f.visible, scope, true));
}

/** Required fields shown and left empty (by their widget's idea of filled); a hidden field is not asked for. */
export function promptMissing(def: PromptDef, values: PromptValues, scope?: ExprScope): FieldDef[] {
  const shown = scope ? promptShown(def, { ...scope, input: values }) : def.fields;
  return shown.filter((f) => f.required && !widgetSpec(f.widget, f.field).filled(values[f.field]));
}

/** Values as the call gets them: text trimmed; compound widgets' parts as they are. */
function cleaned(values: PromptValues): PromptValues {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]));
}

export interface PromptDialogProps {
  def: PromptDef;
  /** The dialog's title when the prompt names none (the action's label). */
  fallbackTitle: string;
  /** The action's confirmation, shown above the fields when the prompt has no message. */
  fallbackMessage?: string;
  scope: ExprScope;
  login: LoginData | null;
  t: Translate;
  where: string;
  /** Runs on OK (the action's call); the prompt closes only when it answers true. */
  onSubmit?: (values: PromptValues) => Promise<boolean>;
  /** A way forward instead of going on (예산전용 요청): closes the prompt as cancelled and follows it. */
  link?: { label: string; href: string; onFollow: () => void };
  onDone: (values: PromptValues | null) => void;
}

export function PromptDialog({
  def,
  fallbackTitle,
  fallbackMessage,
  scope,
  login,
  t,
  where,
  onSubmit,
  link,
  onDone,
}: PromptDialogProps) {
  const [values, setValues] = useState<PromptValues>(() => promptStart(def, login, new Date(), scope));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const columns = Math.min(Math.max(def.columns ?? 1, 1), 4);
  // A prompt's own message may say how many rows it acts on, as confirmations do ({{count}}).
  const message = def.message
    ? t(def.message, { count: typeof scope.selection === 'number' ? scope.selection : undefined })
    : fallbackMessage;
  const inputScope = { ...scope, input: values };

  const submit = async () => {
    if (busy) return;
    const missing = promptMissing(def, values, scope);
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((f) => [f.field, t('engine.required')])));
      return;
    }
    const answers = cleaned(values);
    if (!onSubmit) return onDone(answers);
    setBusy(true);
    // A refused call keeps the prompt and what was typed (the server's message is shown over it).
    const sent = await onSubmit(answers).catch(() => false);
    setBusy(false);
    if (sent) onDone(answers);
  };

  return (
    <Modal
      open
      title={def.title ? t(def.title) : fallbackTitle}
      onClose={() => !busy && onDone(null)}
      width={columns > 1 ? 'min(720px, 94vw)' : 'min(480px, 94vw)'}
      footer={
        <>
          <WidgetButton onClick={() => onDone(null)} data-action="prompt-cancel">
            {t('ui.cancel')}
          </WidgetButton>
          <WidgetButton variant="primary" onClick={() => void submit()} disabled={busy} data-action="prompt-ok">
            {t('ui.confirm')}
          </WidgetButton>
        </>
      }
    >
      {/* minWidth 0: a prompt is narrower than a screen dialog (whose body keeps 760px), so its text wraps inside. */}
      <div className={styles.dialogBody} style={{ minWidth: 0 }} data-prompt="">
        {message && <p style={{ marginTop: 0, whiteSpace: 'pre-line' }}>{message}</p>}
        {link && (
          <p>
            <a
              href={link.href}
              onClick={(e) => {
                e.preventDefault();
                onDone(null);
                link.onFollow();
              }}
            >
              {link.label}
            </a>
          </p>
        )}
        <div className={styles.formGrid} style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
          {def.fields.map((f, i) =>
            !evalRule(f.visible, inputScope, true) ? null : (
              <div
                key={f.field}
                data-field={f.field}
                style={f.span ? { gridColumn: `span ${Math.min(f.span, columns)}` } : undefined}
              >
                <EngineInput
                  def={f}
                  value={values[f.field]}
                  onChange={(v) => {
                    setValues((old) => ({ ...old, [f.field]: v }));
                    if (errors[f.field])
                      setErrors((old) => Object.fromEntries(Object.entries(old).filter(([k]) => k !== f.field)));
                  }}
                  scope={inputScope}
                  context="form"
                  // A value taken from the record (`default: { record }`) is shown to be checked, not changed.
                  readOnly={evalRule(f.readOnly, inputScope, false)}
                  invalid={errors[f.field] ?? null}
                  where={`${where}/prompt/fields/${i}`}
                />
                {f.help && <p className={styles.help}>{t(f.help)}</p>}
              </div>
            ),
          )}
        </div>
      </div>
    </Modal>
  );
}
