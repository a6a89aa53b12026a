import { BUSINESS_TIME_ZONE } from '../../../lib/date';
import type { ReactNode } from 'react';
import type { Readiness } from '../../api/health';
import type { AsyncState } from '../../hooks/use-async';
import type { PortalKind } from '../../layouts/portal-kind';
import type { LoginData, MenuItem, SessionUserInfo } from '../../stores/session';
import { QuickLinks } from './QuickLinks';
import { ResourcesCard, type ResourcesView } from './ResourcesCard';
import { SystemStatusCard } from './SystemStatusCard';
import { UserCard } from './UserCard';
import styles from './HomeView.module.css';
import { useShellText } from '../../layouts/shell-texts';

export interface HomeViewProps {
  portal: PortalKind;
  /** The server's status; none: the card is not shown (only staff who run the system see it). */
  readiness?: AsyncState<Readiness>;
  resources: AsyncState<ResourcesView>;
  onRecheck: () => void;
  onRetryResources: () => void;
  /** The logged-in user; without one only the system cards show. */
  loginData?: LoginData | null;
  user?: SessionUserInfo | null;
  menus?: MenuItem[];
  /** Cards other features add (home-slots.tsx). */
  extraCards?: ReactNode;
  /** Fixed in stories so screenshots do not change every day. */
  today?: Date;
}

/** The home screen's look, without any fetching (stories render it with canned states). */
export function HomeView({
  portal,
  readiness,
  resources,
  onRecheck,
  onRetryResources,
  loginData,
  user,
  menus = [],
  extraCards,
  today = new Date(),
}: HomeViewProps) {
  const { t, i18n } = useShellText();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeZone: BUSINESS_TIME_ZONE }).format(
    today,
  );
  const isCyber = portal === 'external';
  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="home-title">
        <p className={styles.eyebrow}>{t(`home.${portal}.eyebrow`)}</p>
        <h1 id="home-title" className={styles.title}>
          {t(`home.${portal}.title`)}
        </h1>
        {loginData && <p className={styles.greeting}>{t('home.greeting', { name: loginData.hname })}</p>}
        <p className={styles.body}>{t(`home.${portal}.body`)}</p>
        <p className={styles.today}>{date}</p>
      </section>
      {/* The features' cards (pending approvals, new requests …) first: what needs doing comes before the menu. */}
      {extraCards}
      {loginData && (
        <div className={styles.main}>
          <QuickLinks menus={menus} isCyber={isCyber} />
          <UserCard isCyber={isCyber} loginData={loginData} user={user ?? null} />
        </div>
      )}
      <div className={styles.cards}>
        {readiness && <SystemStatusCard state={readiness} onRecheck={onRecheck} />}
        <ResourcesCard state={resources} onRetry={onRetryResources} />
      </div>
    </div>
  );
}
