import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { authApi } from '../../auth/auth-api';
import { loginExternalOtp, missingPhonePrompt } from '../../auth/login-flows';
import { safeMoveUrl } from '../../auth/urls';
import { useAuthFlowStore } from '../../stores/auth-flow';
import { dialogs } from '../../ui/dialogs/dialogs';
import { ExternalLoginFlow } from './ExternalLoginFlow';
import { LoginPage } from './LoginPage';

/** Where a supplier completes a missing phone number (spec §2 external screens). */
const MY_INFO_PATH = '/cyber/userManagement/PersonInfo';

/**
 * /cyberLogin — suppliers: id and password, then the one-time code. After the login, a
 * supplier without a cell phone or phone number is asked to add one (spec §3 noCellPhone /
 * noPhone) before going on to the remembered page or the OGPMS home.
 */
export function ExternalLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loginId = useAuthFlowStore((s) => s.loginId);

  const verify = async (userId: string, password: string, otpNum: string) => {
    const result = await loginExternalOtp(authApi, userId, password, otpNum);
    if (!result.ok) return result;
    const prompt = missingPhonePrompt(result.payload.user);
    const target = safeMoveUrl(useAuthFlowStore.getState().takeMoveUrl(), true);
    if (
      prompt &&
      (await dialogs.confirm({
        title: t('login.phonePrompt.title'),
        message: t(`login.phonePrompt.${prompt}`),
        okLabel: t('login.phonePrompt.now'),
        cancelLabel: t('login.phonePrompt.later'),
      }))
    ) {
      navigate(MY_INFO_PATH, { replace: true });
    } else {
      navigate(target, { replace: true });
    }
    return { ok: true as const };
  };

  return (
    <LoginPage portal="external">
      <ExternalLoginFlow api={authApi} verify={verify} initialUserId={loginId ?? ''} />
    </LoginPage>
  );
}
