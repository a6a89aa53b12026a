/**
 * /userManagement/PersonInfoLogin — my password again before my account opens.
 *
 * Why a custom component: the page holds no record — one password and a button whose success
 * moves on to another screen. An edit screen loads and saves a record and cannot go elsewhere after
 * a save; screens.md gives this page kind C. The proof is kept by the server (the session is
 * stamped for ten minutes by `reauthenticate`); this page only asks and moves on.
 */
import { useState, type FormEvent } from 'react';
import { rememberReauth } from '../../auth/reauth-proof';
import { OperationError, callOperation, useEngineServices, type CustomScreenProps } from '../../../engine';
import { useFrame } from '../../../engine/runtime/frame';
import { useEngineText } from '../../../engine/text';
import { WidgetButton } from '../../../widgets/common/button';
import { TextInput } from '../../../widgets/text-input/text-input';
import styles from './personInfoLogin.module.css';

const T = 'screen.userManagement';

export default function PersonInfoLogin(_: CustomScreenProps) {
  const services = useEngineServices();
  const frame = useFrame();
  const t = useEngineText();
  const login = services.loginData();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!password) {
      setError(t(`${T}.passwordRequired`));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const proof = await callOperation(services, 'reauthenticate', { body: { password } });
      // My account opens without first asking the server (and being refused) while this holds.
      rememberReauth(proof.reauthUntil);
      setPassword('');
      // In the check's place: Back from my account does not ask for the password again.
      await frame.open({ screen: 'userManagement.personInfo', replace: true }, {});
    } catch (err) {
      // A wrong password is told here, beside the field; anything else the engine's way.
      if (err instanceof OperationError && err.status === 400) setError(err.message);
      else await frame.alertError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.card} onSubmit={submit} aria-label={t(`${T}.personInfoLogin`)}>
      <p className={styles.intro}>{t(`${T}.reauthIntro`)}</p>
      {login?.hname && <p className={styles.who}>{login.hname}</p>}
      <TextInput
        id="reauth-password"
        label={t(`${T}.passwordLabel`)}
        type="password"
        value={password}
        onChange={setPassword}
        required
        autoFocus
        onEnter={() => void submit()}
        block
      />
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.buttons}>
        <WidgetButton variant="primary" type="submit" disabled={busy}>
          {t(`${T}.confirm`)}
        </WidgetButton>
      </div>
    </form>
  );
}
