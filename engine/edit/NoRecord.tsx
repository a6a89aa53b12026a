import type { ScreenDef } from '../definition/types';
import { portalPath } from '../runtime/actions';
import { useEngineConfig } from '../runtime/engine-context';
import { useFrame } from '../runtime/frame';
import { useEngineServices } from '../services';
import styles from '../ui/engine.module.css';

interface ListLink {
  route: string;
  /** The list's name: its screen's title in the interface language, else the menu's; null: none known. */
  name: string | null;
}

/**
 * The list a page opened without its document belongs to: the menu entry that opens the page (or
 * its `menu`) when that is another page — /cyber/bid/tenderSubmit → 입찰 참여 (/bid/tenderList) —
 * else the definition's `menu` when the user may read it. None in a dialog: its opener is the list.
 */
function useListLink(): ListLink | null {
  const frame = useFrame();
  const services = useEngineServices();
  const { screens } = useEngineConfig();
  const def = frame.def;
  if (frame.dialog) return null;
  const owner = def.menu ?? def.route;
  const entry = owner ? services.menuOf?.(owner) : null;
  const found =
    entry && entry.route !== def.route
      ? entry
      : def.menu && def.menu !== def.route && services.authority(def.menu)?.read
        ? { route: def.menu, name: null }
        : null;
  if (!found) return null;
  // Named by the title of the page at that address, which follows a language switch (the menu's name
  // is the one the login answered, in the language of that moment).
  const listed = screens
    .list()
    .map((e) => e.definition as Partial<ScreenDef> | null)
    .find((d) => d?.route === found.route && (d.portals ?? ['internal']).includes(frame.portal));
  return { route: found.route, name: typeof listed?.title === 'string' ? frame.t(listed.title) : found.name };
}

/**
 * What an edit screen that cannot create shows without its key in the address (needs-key.ts): that
 * nothing is selected, and a link to the list to choose from — not an empty form of a document that
 * does not exist. A status (read out when the page shows it); the link is a link (Tab, Enter).
 */
export function NoRecord() {
  const frame = useFrame();
  const { t } = frame;
  const list = useListLink();
  return (
    <div className={styles.warning} role="status" data-no-record="">
      <p style={{ margin: 0 }}>{t(list ? 'engine.noRecord' : 'engine.noRecordNoList')}</p>
      {list && (
        <p style={{ margin: '8px 0 0' }}>
          <a
            href={portalPath(list.route, frame.portal)}
            onClick={(e) => {
              e.preventDefault();
              void frame.open({ route: list.route }, {});
            }}
          >
            {list.name ? t('engine.toList', { list: list.name }) : t('engine.back')}
          </a>
        </p>
      )}
    </div>
  );
}
