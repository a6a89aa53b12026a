import { BUSINESS_TIME_ZONE, BUSINESS_TIME_ZONE_LABEL } from '../../../lib/date';
import type { LoginData, SessionUserInfo } from '../../stores/session';
import { Card } from '../../ui/Card';
import styles from './HomeCards.module.css';
import { useShellText } from '../../layouts/shell-texts';

export interface UserCardProps {
  isCyber: boolean;
  loginData: LoginData;
  user: SessionUserInfo | null;
}

/** A moment on the business clock (Asia/Seoul) whatever the browser's zone, with the zone said: "2026. 11. 23. 오전 11:34 KST". */
function formatDateTime(iso: string | null | undefined, lang: string): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  return `${new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: BUSINESS_TIME_ZONE }).format(d)} ${BUSINESS_TIME_ZONE_LABEL}`;
}

/** Who is logged in, from the session user (spec §3): affiliation, authority, this and the previous login. */
export function UserCard({ isCyber, loginData, user }: UserCardProps) {
  const { t, i18n } = useShellText();
  const last = formatDateTime(user?.lastLoginDate, i18n.language);
  const expires = formatDateTime(user?.expiredDate, i18n.language);
  return (
    <Card title={t('home.user.title')} labelledBy="user-card-title">
      <dl className={styles.facts}>
        <dt>{t('home.user.name')}</dt>
        <dd>
          {loginData.hname}
          {user?.ename ? <span className={styles.muted}> ({user.ename})</span> : null}
        </dd>
        {isCyber ? (
          <>
            <dt>{t('home.user.company')}</dt>
            <dd>{user?.compNameKr ? `${user.compNameKr} (${user.compNo ?? ''})` : '—'}</dd>
          </>
        ) : (
          <>
            <dt>{t('home.user.department')}</dt>
            <dd>{[user?.sectionName, loginData.deptnm].filter(Boolean).join(' · ') || '—'}</dd>
          </>
        )}
        <dt>{t('home.user.group')}</dt>
        <dd>{user?.authGroupName ? `${user.authGroupName} (${loginData.authGroupId})` : loginData.authGroupId}</dd>
        <dt>{t('home.user.thisLogin')}</dt>
        <dd>{user?.ip ?? '—'}</dd>
        <dt>{t('home.user.lastLogin')}</dt>
        <dd>
          {last ? t('home.user.lastLoginAt', { date: last, ip: user?.lastLoginIp ?? '—' }) : t('home.user.firstLogin')}
        </dd>
        {expires && (
          <>
            <dt>{t('home.user.sessionEnds')}</dt>
            <dd>{expires}</dd>
          </>
        )}
      </dl>
    </Card>
  );
}
