import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BarePage } from '../../layouts/BarePage';
import type { PortalKind } from '../../layouts/portal-kind';
import { loginPath } from '../../router/portal';
import { LoginForm, type LoginFormProps } from './LoginForm';
import styles from './LoginPage.module.css';

const FEATURES = ['feature1', 'feature2', 'feature3'] as const;

export interface LoginPageProps extends LoginFormProps {
  portal: PortalKind;
  /** Replaces the id/password form (the one-time-code step, a single sign-on notice). */
  children?: ReactNode;
  /** Replaces the heading (the auth server's own login page). */
  title?: string;
  subtitle?: string;
  /** Hides the link to the other portal's login. */
  hideOtherPortal?: boolean;
  /** A note under the heading (the login mode). */
  badge?: ReactNode;
}

/** The login screen of one portal: product panel on the left, the form on the right. */
export function LoginPage({ portal, children, title, subtitle, hideOtherPortal, badge, ...form }: LoginPageProps) {
  const { t } = useTranslation();
  const other = portal === 'internal' ? 'external' : 'internal';
  return (
    <BarePage portal={portal}>
      <div className={styles.card}>
        <div className={styles.brand}>
          <div>
            <div className={styles.product}>{t(`app.name.${portal}`)}</div>
            <div className={styles.tagline}>{t(`app.subtitle.${portal}`)}</div>
          </div>
          <ul className={styles.features}>
            {FEATURES.map((key) => (
              <li key={key}>{t(`login.${portal}.${key}`)}</li>
            ))}
          </ul>
          <p className={styles.welcome}>{t(`login.${portal}.welcome`)}</p>
        </div>
        <section className={styles.panel} aria-labelledby="login-title">
          <div>
            <h1 id="login-title" className={styles.title}>
              {title ?? t(`login.${portal}.title`)}
            </h1>
            <p className={styles.subtitle}>{subtitle ?? t(`login.${portal}.subtitle`)}</p>
            {badge}
          </div>
          {children ?? <LoginForm {...form} />}
          {!hideOtherPortal && (
            <Link className={styles.other} to={loginPath(other === 'external')}>
              {t(other === 'external' ? 'login.toExternal' : 'login.toInternal')}
            </Link>
          )}
        </section>
      </div>
    </BarePage>
  );
}
