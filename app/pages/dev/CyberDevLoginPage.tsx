import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { encodeAdTimestamp } from '../../../lib/ad-timestamp';
import { apiClient } from '../../api/client';
import { authApi } from '../../auth/auth-api';
import { authCodeText } from '../../auth/auth-messages';
import { loginExternalOtp } from '../../auth/login-flows';
import { safeMoveUrl } from '../../auth/urls';
import { useAuthFlowStore } from '../../stores/auth-flow';
import { Button } from '../../ui/Button';
import { LoginPage } from '../login/LoginPage';
import styles from './DevPages.module.css';
import { useDevText } from './dev-texts';

const DEMO_SUPPLIERS = ['supplier1', 'supplier2', 'supplier1adm'];
const DEMO_PASSWORD = 'Gpms!2345';

/** The newest one-time code of the development outbox (GET /api/dev/outbox). */
async function latestCode(): Promise<string | null> {
  const { data } = await apiClient.GET('/api/dev/outbox', { params: { query: { limit: 1 } }, passErrors: true });
  return data?.[0]?.code ?? null;
}

/**
 * /cyberDevLogin — development only (absent from production builds): logs a demo supplier in
 * with the one-time code read from the development outbox, and makes partner-portal entry links
 * (a fresh and a stale `t`) to try the external AD entry.
 */
export function CyberDevLoginPage() {
  const { t, i18n } = useDevText();
  const navigate = useNavigate();
  const [userId, setUserId] = useState(DEMO_SUPPLIERS[0]);
  const [password, setPassword] = useState(DEMO_PASSWORD);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [links, setLinks] = useState<{ fresh: string; stale: string } | null>(null);

  const login = async () => {
    setBusy(true);
    setError(null);
    const sent = await authApi.cyberLogin(userId, password, 'SMS');
    const code = sent.ok ? await latestCode() : null;
    const result = sent.ok ? (code ? await loginExternalOtp(authApi, userId, password, code) : null) : sent;
    setBusy(false);
    if (result === null) {
      setError(t('dev.noCode'));
      return;
    }
    if (!result.ok) {
      setError(authCodeText(i18n, result.code, result.msg));
      return;
    }
    navigate(safeMoveUrl(useAuthFlowStore.getState().takeMoveUrl(), true), { replace: true });
  };

  const makeLinks = () => {
    const now = new Date();
    setLinks({
      fresh: `/integration?t=${encodeURIComponent(encodeAdTimestamp(now))}`,
      stale: `/integration?t=${encodeURIComponent(encodeAdTimestamp(new Date(now.getTime() - 70_000)))}`,
    });
  };

  return (
    <LoginPage portal="external" title={t('dev.cyberLogin.title')} subtitle={t('dev.cyberLogin.subtitle')}>
      <div className={styles.stack}>
        <label className={styles.field}>
          <span>{t('login.userId')}</span>
          <select value={userId} onChange={(e) => setUserId(e.target.value)}>
            {DEMO_SUPPLIERS.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>{t('login.password')}</span>
          <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <Button block disabled={busy} onClick={() => void login()}>
          {t('dev.cyberLogin.submit')}
        </Button>
        <hr className={styles.rule} />
        <Button variant="secondary" block onClick={makeLinks}>
          {t('dev.cyberLogin.makeLinks')}
        </Button>
        {links && (
          <ul className={styles.links}>
            <li>
              <Link to={links.fresh} reloadDocument>
                {t('dev.cyberLogin.freshLink')}
              </Link>
            </li>
            <li>
              <Link to={links.stale} reloadDocument>
                {t('dev.cyberLogin.staleLink')}
              </Link>
            </li>
          </ul>
        )}
      </div>
    </LoginPage>
  );
}
