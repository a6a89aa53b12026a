import { useCallback } from 'react';
import { useWidgetText } from '../i18n';
import { useDialogs } from '../modal/modal-context';
import { serviceErrorMessage } from './errors';

/**
 * Runs a service call; a failure is shown in a Korean alert with the server's message (spec §8:
 * "lookup and popup search failures are shown in a browser alert") and gives `undefined`.
 */
export function useServiceCall() {
  const { alert } = useDialogs();
  const t = useWidgetText();
  return useCallback(
    async <T>(call: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> => {
      try {
        return { ok: true, value: await call() };
      } catch (error) {
        await alert(serviceErrorMessage(error, t('searchFailed')), { title: t('errorTitle') });
        return { ok: false };
      }
    },
    [alert, t],
  );
}
