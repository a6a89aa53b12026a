import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenPage, type CustomScreenProps } from '../../../engine';
import { screenDefinitions } from '../../../screens';

/**
 * /template/template0 … 8: one of the engine's page templates rendered by the engine (ScreenPage,
 * on sample data) with its definition beside it, read only, for an analyst to copy. A custom
 * component because the page shows a definition as text next to its rendering — a page about
 * definitions, which no definition kind describes.
 */
export default function TemplateShowcase({ props }: CustomScreenProps) {
  const { t } = useTranslation();
  const id = String(props.screen ?? '');
  const query = (props.query ?? {}) as Record<string, string>;
  const entry = useMemo(() => screenDefinitions.find((d) => (d.definition as { id?: string } | null)?.id === id), [id]);
  const text = useMemo(() => JSON.stringify(entry?.definition ?? null, null, 2), [entry]);
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 3fr) minmax(280px, 2fr)',
        gap: 16,
        alignItems: 'start',
      }}
    >
      <section aria-label={t('screen.templates.rendered')} style={{ minWidth: 0 }}>
        <ScreenPage id={id} query={query} />
      </section>
      <section aria-label={t('screen.templates.definition')}>
        <h3 style={{ fontSize: 14, margin: '0 0 8px' }}>{t('screen.templates.definition')}</h3>
        <p style={{ fontSize: 12, margin: '0 0 8px' }}>{entry?.file}</p>
        <pre
          data-testid="template-definition"
          tabIndex={0}
          style={{
            maxHeight: '70vh',
            overflow: 'auto',
            fontSize: 12,
            background: 'var(--color-surface-muted, #f6f7f9)',
            border: '1px solid var(--color-border, #ddd)',
            padding: 12,
            margin: 0,
          }}
        >
          {text}
        </pre>
      </section>
    </div>
  );
}
