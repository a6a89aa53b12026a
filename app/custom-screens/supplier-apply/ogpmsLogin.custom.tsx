/**
 * /template/ogpmsLogin — the external (OGPMS) login page template: the suppliers' real login
 * (id and password, then the one-time code; /cyberLogin's component) beside the entry to the
 * application wizard for companies not registered yet, and the way back to an unfinished one.
 *
 * Why a custom component: it places the hand-written login flow of app/pages (not a definition)
 * next to links into the public wizard; no definition kind renders a login.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CustomScreenProps } from '../../../engine';
import { ExternalLoginPage } from '../../pages/login/ExternalLoginPage';
import styles from './supplierApply.module.css';

const K = 'screen.supplierApply.wizard';

export default function OgpmsLogin(_: CustomScreenProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.loginTemplate}>
      <section aria-label={t(`${K}.loginTitle`)} className={styles.loginFrame}>
        <ExternalLoginPage />
      </section>
      <aside className={styles.box}>
        <h2 className={styles.subtitle}>{t(`${K}.newSupplier`)}</h2>
        <p className={styles.help}>{t(`${K}.newSupplierHelp`)}</p>
        <Link to="/template/userApply">{t(`${K}.applyLink`)}</Link>
        <p className={styles.help}>{t(`${K}.resumeHelp`)}</p>
      </aside>
    </div>
  );
}
