import type { AsyncState } from '../../hooks/use-async';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import styles from './HomeCards.module.css';
import { StatusBadge } from './StatusBadge';
import { useShellText } from '../../layouts/shell-texts';

/** The part of GET /api/v1/common/resources this card shows. */
export interface ResourcesView {
  consts: Record<string, unknown>;
  locale: Array<{ lang: string; name?: string }>;
  message: Record<string, string>;
}

export interface ResourcesCardProps {
  state: AsyncState<ResourcesView>;
  onRetry: () => void;
}

/** What the server shares with every screen: constants, languages, messages. */
export function ResourcesCard({ state, onRetry }: ResourcesCardProps) {
  const { t } = useShellText();
  if (state.status === 'loading') {
    return (
      <Card title={t('resources.title')} labelledBy="resources-title">
        <p className={styles.muted} role="status">
          {t('resources.loading')}
        </p>
      </Card>
    );
  }
  if (state.status === 'error') {
    return (
      <Card title={t('resources.title')} labelledBy="resources-title">
        <div className={styles.problem} role="alert">
          <span className={styles.problemTitle}>{t('resources.errorTitle')}</span>
          <span className={styles.problemBody}>{t('resources.errorBody')}</span>
          <Button variant="secondary" onClick={() => onRetry()}>
            {t('common.retry')}
          </Button>
        </div>
      </Card>
    );
  }
  const { consts, locale, message } = state.data;
  const languages = locale.map((l) => l.name || l.lang).join(', ');
  return (
    <Card
      title={t('resources.title')}
      labelledBy="resources-title"
      aside={<StatusBadge tone="ok">{t('status.ok')}</StatusBadge>}
    >
      <dl className={styles.facts}>
        <dt>{t('resources.consts')}</dt>
        <dd>{t('resources.count', { count: Object.keys(consts).length })}</dd>
        <dt>{t('resources.messages')}</dt>
        <dd>{t('resources.count', { count: Object.keys(message).length })}</dd>
        <dt>{t('resources.locales')}</dt>
        <dd>{languages || t('resources.none')}</dd>
      </dl>
    </Card>
  );
}
