import { useState } from 'react';
import { checkAdTimestamp, encodeAdTimestamp, forgivingBase64Decode } from '../../../lib/ad-timestamp';
import { readJwtClaims } from '../../auth/token-state';
import { BarePage } from '../../layouts/BarePage';
import { Card } from '../../ui/Card';
import styles from './DevPages.module.css';
import { useDevText } from './dev-texts';

/**
 * /conv — development only: converters for the values the login flows pass around — the
 * partner portal's timestamp `t` (encode now, decode and check one) and a token's claims.
 */
export function ConvPage() {
  const { t } = useDevText();
  const [stamp, setStampState] = useState({ value: '', at: 0 });
  const setStamp = (value: string) => setStampState({ value, at: Date.now() });
  const [token, setToken] = useState('');
  const t0 = stamp.value.trim();
  const decoded = t0 ? forgivingBase64Decode(t0) : null;
  // Checked against the clock at the moment it was typed or made.
  const check = t0 ? checkAdTimestamp(t0, stamp.at) : null;
  const claims = token.trim() ? readJwtClaims(token.trim()) : null;
  const exp = claims && typeof claims.exp === 'number' ? new Date(claims.exp * 1000).toLocaleString() : null;
  return (
    <BarePage portal="internal">
      <div className={styles.conv}>
        <h1 className={styles.title}>{t('dev.conv.title')}</h1>
        <Card title={t('dev.conv.timestamp')}>
          <div className={styles.stack}>
            <label className={styles.field}>
              <span>t</span>
              <input
                value={stamp.value}
                onChange={(e) => setStamp(e.target.value)}
                placeholder="MjAyNTAzMTQwOTMwMDA="
              />
            </label>
            <button type="button" className={styles.small} onClick={() => setStamp(encodeAdTimestamp(new Date()))}>
              {t('dev.conv.now')}
            </button>
            {check && (
              <p className={check.ok ? styles.ok : styles.error} role="status">
                {decoded !== null ? `${t('dev.conv.decoded')}: ${decoded} — ` : ''}
                {check.ok ? t('dev.conv.valid') : t('dev.conv.invalid', { reason: check.reason })}
              </p>
            )}
          </div>
        </Card>
        <Card title={t('dev.conv.jwt')}>
          <div className={styles.stack}>
            <label className={styles.field}>
              <span>JWT</span>
              <textarea rows={3} value={token} onChange={(e) => setToken(e.target.value)} />
            </label>
            {token.trim() &&
              (claims ? (
                <pre className={styles.pre}>{JSON.stringify(claims, null, 2)}</pre>
              ) : (
                <p className={styles.error}>{t('dev.conv.notJwt')}</p>
              ))}
            {exp && <p>{t('dev.conv.expires', { date: exp })}</p>}
          </div>
        </Card>
      </div>
    </BarePage>
  );
}
