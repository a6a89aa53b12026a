import { BUSINESS_TIME_ZONE, BUSINESS_TIME_ZONE_LABEL } from '../../../lib/date';
import type { Readiness } from '../../api/health';
import type { AsyncState } from '../../hooks/use-async';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import styles from './HomeCards.module.css';
import { StatusBadge, type StatusTone } from './StatusBadge';
import { useShellText } from '../../layouts/shell-texts';

export interface SystemStatusCardProps {
  state: AsyncState<Readiness>;
  onRecheck: () => void;
}

function toneOf(state: AsyncState<Readiness>): StatusTone {
  if (state.status === 'loading') return 'pending';
  if (state.status === 'error') return 'danger';
  return state.data.status === 'ok' ? 'ok' : 'warning';
}

/** The server's readiness (/readyz): is it up, and which database answers. */
export function SystemStatusCard({ state, onRecheck }: SystemStatusCardProps) {
  const { t, i18n } = useShellText();
  const tone = toneOf(state);
  const label = {
    pending: t('status.loading'),
    danger: t('status.unreachable'),
    ok: t('status.ok'),
    warning: t('status.unavailable'),
  }[tone];
  const time =
    state.status === 'loading'
      ? null
      : `${new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium', timeZone: BUSINESS_TIME_ZONE }).format(state.at)} ${BUSINESS_TIME_ZONE_LABEL}`;
  const database = state.status === 'success' ? state.data.database : '';
  return (
    <Card
      title={t('status.title')}
      labelledBy="system-status-title"
      aside={<StatusBadge tone={tone}>{tone === 'danger' ? t('status.unavailable') : label}</StatusBadge>}
    >
      <dl className={styles.facts}>
        <dt>{t('status.server')}</dt>
        <dd>{label}</dd>
        <dt>{t('status.database')}</dt>
        <dd>{database === 'pglite' || database === 'postgres' ? t(`status.db.${database}`) : database || '—'}</dd>
        <dt>{t('status.checkedAt')}</dt>
        <dd>{time ?? '—'}</dd>
      </dl>
      <Button variant="secondary" onClick={() => onRecheck()} disabled={state.status === 'loading'}>
        {t('status.recheck')}
      </Button>
    </Card>
  );
}
