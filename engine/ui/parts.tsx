import { useId, type ReactNode } from 'react';
import { WidgetButton } from '../../widgets/common/button';
import type { DefinitionProblem } from '../definition/problems';
import type { ActionState, NormalAction } from '../runtime/actions';
import { useEngineText } from '../text';
import { useOptionalEngineServices } from '../services';
import { buttonText } from '../runtime/write-words';
import styles from './engine.module.css';

export function ScreenHeader({
  title,
  badge,
  children,
}: {
  title: string;
  badge?: string | null;
  children?: ReactNode;
}) {
  return (
    <div className={styles.header}>
      <h1 className={styles.title}>
        {title}
        {badge && <span className={styles.badge}>{badge}</span>}
      </h1>
      {children && <div className={styles.actions}>{children}</div>}
    </div>
  );
}

/** A definition's button; a disabled one with a `disabledReason` says why beside it, and is described by it. */
export function ActionButton({
  action,
  operation: calling,
  state,
  onRun,
}: {
  action: NormalAction;
  /** The operation the action calls now when it is not its `operation` (an edit screen's save of a record: `updateOperation`). */
  operation?: string;
  state: ActionState;
  onRun: (action: NormalAction) => void;
}) {
  const t = useEngineText();
  const services = useOptionalEngineServices();
  const reasonId = useId();
  if (state.hidden) return null;
  // A stored screen's write is named by its operation; the author's label may only follow (write-words.ts).
  const operation = calling ?? (action as { operation?: unknown }).operation;
  const words = typeof operation === 'string' ? (services?.writeWords?.(operation) ?? null) : null;
  const button = (
    <WidgetButton
      variant={action.variant === 'primary' ? 'primary' : 'secondary'}
      className={action.variant === 'danger' ? styles.danger : undefined}
      disabled={state.disabled}
      title={state.denied ? t('engine.noPermission') : undefined}
      aria-describedby={state.reason ? reasonId : undefined}
      data-action={action.id}
      onClick={() => onRun(action)}
    >
      {buttonText(words, t(action.label))}
    </WidgetButton>
  );
  // One shape with or without the reason, so the button keeps its element (and focus) as the reason comes and goes.
  return (
    <>
      {button}
      {state.reason && (
        <span id={reasonId} className={styles.actionReason} data-reason-for={action.id}>
          {t(state.reason)}
        </span>
      )}
    </>
  );
}

/** The problems of a definition, on the page instead of a blank screen. */
export function DefinitionErrorView({ problems, title }: { problems: DefinitionProblem[]; title?: string }) {
  const t = useEngineText();
  return (
    <div className={styles.error} role="alert" data-testid="definition-error">
      <h2>
        {t('engine.definitionError')}
        {title ? `: ${title}` : ''}
      </h2>
      <p>{t('engine.definitionErrorHelp')}</p>
      <ul>
        {problems.map((p, i) => (
          <li key={i}>
            <code>
              {p.file}#{p.pointer || '/'}
            </code>{' '}
            {p.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Notice({ text, kind = 'ok' }: { text: string | null; kind?: 'ok' | 'warning' }) {
  if (!text) return null;
  return (
    <div className={kind === 'ok' ? styles.notice : styles.warning} role="status">
      {text}
    </div>
  );
}

export function ProgressLine({
  label,
  fraction,
  onCancel,
  cancelLabel,
}: {
  label: string;
  fraction: number;
  onCancel?: () => void;
  cancelLabel: string;
}) {
  return (
    <div className={styles.progress} role="status" aria-live="polite" data-testid="export-progress">
      <span>{label}</span>
      <div
        className={styles.progressBar}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(fraction * 100)}
      >
        <span style={{ width: `${Math.round(fraction * 100)}%` }} />
      </div>
      {onCancel && (
        <WidgetButton size="small" onClick={onCancel}>
          {cancelLabel}
        </WidgetButton>
      )}
    </div>
  );
}
