/**
 * How current a list's figures are, when its answer says so (reports read summaries a job keeps):
 * `summary: { asOf, pendingMonths }`. The list says "기준 시각 <asOf in KST>" and, while months are
 * being rebuilt, which ones — with a button to rebuild them now when the definition names the
 * operation (`source.rebuild`) and the user may read the screen.
 */
import { BUSINESS_TIME_ZONE_LABEL, formatInstant } from '../../lib/date';
import { WidgetButton } from '../../widgets/common/button';
import type { Translate } from '../text';

export interface SummaryStateValue {
  asOf?: string;
  pendingMonths?: string[];
}

/** The answer's summary state (under `summary`, or at the top), or null when it has none. */
export function summaryStateOf(answer: unknown): SummaryStateValue | null {
  if (!answer || typeof answer !== 'object') return null;
  const a = answer as Record<string, unknown>;
  const s = (a.summary && typeof a.summary === 'object' ? a.summary : a) as Record<string, unknown>;
  const asOf = typeof s.asOf === 'string' ? s.asOf : undefined;
  const pendingMonths = Array.isArray(s.pendingMonths)
    ? s.pendingMonths.filter((m): m is string => typeof m === 'string')
    : undefined;
  return asOf || pendingMonths ? { asOf, pendingMonths } : null;
}

/** '202611' → '2026-11' (a month as the screens show it). */
const month = (m: string) => (/^\d{6}$/.test(m) ? `${m.slice(0, 4)}-${m.slice(4)}` : m);

export function SummaryState({
  state,
  t,
  onRebuild,
  rebuilding,
}: {
  state: SummaryStateValue;
  t: Translate;
  onRebuild?: () => void;
  rebuilding?: boolean;
}) {
  const pending = state.pendingMonths ?? [];
  return (
    <span data-testid="summary-state">
      {state.asOf && (
        <span>
          {t('engine.summaryAsOf', {
            at: `${formatInstant(state.asOf, 'yyyy-MM-dd HH:mm')} ${BUSINESS_TIME_ZONE_LABEL}`,
          })}
        </span>
      )}
      {pending.length > 0 && (
        <>
          {' · '}
          <span role="status">{t('engine.summaryPending', { months: pending.map(month).join(', ') })}</span>
          {onRebuild && (
            <>
              {' '}
              <WidgetButton size="small" onClick={onRebuild} disabled={rebuilding} data-action="rebuildSummary">
                {t('engine.summaryRebuild')}
              </WidgetButton>
            </>
          )}
        </>
      )}
    </span>
  );
}
