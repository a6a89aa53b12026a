import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callOperation, useEngineServices } from '../../../../engine';
import { useEngineText } from '../../../../engine/text';
import { WidgetButton } from '../../../../widgets/common/button';
import type { StudioScreen } from './studio-types';
import styles from './studio.module.css';

const T = 'screen.screenStudio';

export interface PublishChoice {
  parentId: string;
  menuName: string;
  menuNameEn: string;
  groups: Array<{ authGroupId: string; canWrite: 'Y' | 'N' }>;
  note: string;
}

interface Folder {
  pgmId: string;
  label: string;
}
interface Group {
  authGroupId: string;
  name: string;
}

/**
 * Where the screen goes in the menu tree (a folder of its portal, at most two levels deep), its
 * menu names and the authority groups that may open it; the server does the rest in one step.
 */
export function PublishPanel({
  screen,
  canWrite,
  blocked = false,
  onPublish,
  onUnpublish,
}: {
  screen: StudioScreen;
  canWrite: boolean;
  /** Problems remain: 게시 waits until they are fixed (the server refuses them too). */ blocked?: boolean;
  onPublish(choice: PublishChoice): void;
  onUnpublish(): void;
}) {
  const t = useEngineText();
  const { i18n } = useTranslation();
  const english = typeof i18n?.language === 'string' && i18n.language.startsWith('en');
  const services = useEngineServices();
  const [folders, setFolders] = useState<Folder[]>([]);
  const [groups, setGroups] = useState<Group[]>([]);
  const [choice, setChoice] = useState<PublishChoice>(() => ({
    parentId: screen.menu?.parentId ?? '',
    menuName: screen.menu?.pgmName ?? screen.title,
    menuNameEn: screen.menu?.pgmNameEn ?? screen.title,
    groups:
      screen.menu?.groups.map((g) => ({ authGroupId: g.authGroupId, canWrite: g.canWrite === 'Y' ? 'Y' : 'N' })) ?? [],
    note: '',
  }));

  useEffect(() => {
    let live = true;
    void callOperation(services, 'listAdminMenus', { query: { portal: screen.portal, size: 5000 } }, { quiet: true })
      .then((r) => {
        if (!live) return;
        const byId = new Map(r.rows.map((m) => [m.pgmId, m]));
        const name = (m: (typeof r.rows)[number]) => (english ? m.pgmNameEn : m.pgmName);
        setFolders(
          r.rows
            .filter((m) => m.leaf === 'F' && m.depth <= 2 && m.useYn === 'Y')
            .map((m) => ({
              pgmId: m.pgmId,
              label: m.parentId && byId.has(m.parentId) ? `${name(byId.get(m.parentId)!)} › ${name(m)}` : name(m),
            })),
        );
      })
      .catch(() => setFolders([]));
    void callOperation(
      services,
      'listAdminAuthGroups',
      { query: { portal: screen.portal, useYn: 'Y' } },
      { quiet: true },
    )
      .then(
        (r) =>
          live &&
          setGroups(
            r.rows.map((g) => ({
              authGroupId: g.authGroupId,
              name: `${g.authGroupId} ${english ? g.nameEn : g.nameKo}`,
            })),
          ),
      )
      .catch(() => setGroups([]));
    return () => {
      live = false;
    };
  }, [services, screen.portal, english]);

  const grant = (id: string) => choice.groups.find((g) => g.authGroupId === id);
  const toggle = (id: string, on: boolean) =>
    setChoice((c) => ({
      ...c,
      groups: on ? [...c.groups, { authGroupId: id, canWrite: 'N' }] : c.groups.filter((g) => g.authGroupId !== id),
    }));
  const writeToggle = (id: string, on: boolean) =>
    setChoice((c) => ({
      ...c,
      groups: c.groups.map((g) => (g.authGroupId === id ? { ...g, canWrite: on ? 'Y' : 'N' } : g)),
    }));

  return (
    <section className={styles.panel} aria-labelledby="studio-publish-title">
      <h3 id="studio-publish-title" className={styles.h3}>
        {t(`${T}.publishTitle`)} <code className={styles.route}>{screen.route}</code>
      </h3>
      <div className={styles.formGrid}>
        <label className={styles.field}>
          <span>{t(`${T}.parent`)}</span>
          <select
            className={styles.input}
            value={choice.parentId}
            onChange={(e) => setChoice({ ...choice, parentId: e.target.value })}
            disabled={!canWrite}
          >
            <option value="">{t(`${T}.choose`)}</option>
            {folders.map((f) => (
              <option key={f.pgmId} value={f.pgmId}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>{t(`${T}.menuName`)}</span>
          <input
            className={styles.input}
            value={choice.menuName}
            maxLength={100}
            onChange={(e) => setChoice({ ...choice, menuName: e.target.value })}
            readOnly={!canWrite}
          />
        </label>
        <label className={styles.field}>
          <span>{t(`${T}.menuNameEn`)}</span>
          <input
            className={styles.input}
            value={choice.menuNameEn}
            maxLength={100}
            onChange={(e) => setChoice({ ...choice, menuNameEn: e.target.value })}
            readOnly={!canWrite}
          />
        </label>
        <label className={styles.field}>
          <span>{t(`${T}.note`)}</span>
          <input
            className={styles.input}
            value={choice.note}
            maxLength={500}
            onChange={(e) => setChoice({ ...choice, note: e.target.value })}
            readOnly={!canWrite}
          />
        </label>
      </div>
      <fieldset className={styles.groups}>
        <legend>{t(`${T}.groups`)}</legend>
        {groups.map((g) => (
          <span key={g.authGroupId} className={styles.group}>
            <label>
              <input
                type="checkbox"
                checked={!!grant(g.authGroupId)}
                onChange={(e) => toggle(g.authGroupId, e.target.checked)}
                disabled={!canWrite}
              />{' '}
              {g.name}
            </label>
            {grant(g.authGroupId) && (
              <label className={styles.write}>
                <input
                  type="checkbox"
                  checked={grant(g.authGroupId)?.canWrite === 'Y'}
                  onChange={(e) => writeToggle(g.authGroupId, e.target.checked)}
                  disabled={!canWrite}
                />{' '}
                {t(`${T}.groupWrite`)}
              </label>
            )}
          </span>
        ))}
      </fieldset>
      {canWrite && (
        <div className={styles.toolbar}>
          <WidgetButton
            variant="primary"
            onClick={() => onPublish(choice)}
            disabled={blocked}
            aria-describedby={blocked ? 'studio-publish-blocked' : undefined}
          >
            {t(`${T}.publish`)}
          </WidgetButton>
          {blocked && (
            <span id="studio-publish-blocked" className={styles.muted}>
              {t(`${T}.publishBlocked`)}
            </span>
          )}
          {screen.publishedVersion !== null && <WidgetButton onClick={onUnpublish}>{t(`${T}.unpublish`)}</WidgetButton>}
        </div>
      )}
    </section>
  );
}
