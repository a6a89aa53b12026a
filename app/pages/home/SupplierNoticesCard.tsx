import type { i18n as I18n } from 'i18next';
import { i18nInstance } from '../../../lib/i18n-instance';
import { useTranslation } from 'react-i18next';
import type { paths } from '../../../schemas/api-types.generated';
import { ApiError } from '../../api/api-error';
import { apiClient, type ApiClient } from '../../api/client';
import { useAsync } from '../../hooks/use-async';
import { useSessionStore } from '../../stores/session';
import { Card } from '../../ui/Card';
import { NoticeListBody } from './NoticeListBody';

type Notices = paths['/api/v1/cyber/home/notices']['get']['responses'][200]['content']['application/json'];

const TEXTS = {
  ko: {
    supplierNotices: {
      title: '공지사항',
      empty: '공지사항이 없습니다.',
      pinned: '고정',
      error: '공지사항을 불러오지 못했습니다.',
    },
  },
  en: {
    supplierNotices: {
      title: 'Notices',
      empty: 'No notices.',
      pinned: 'Pinned',
      error: 'The notices could not be loaded.',
    },
  },
} as const;

const added = new WeakSet<I18n>();
/** The card's texts, added once to whichever i18next instance renders it (never overwriting a server message). */
function addTexts(i18n: I18n): void {
  // The instance, not useTranslation's copy of it (a new one per component).
  const instance = i18nInstance(i18n);
  if (added.has(instance)) return;
  added.add(instance);
  for (const [lang, tree] of Object.entries(TEXTS)) instance.addResourceBundle(lang, 'translation', tree, true, false);
}

/** listSupplierHomeNotices: the notices shown today (administered in 포털관리 › 협력사 공지). */
async function fetchSupplierNotices(signal?: AbortSignal, client: ApiClient = apiClient): Promise<Notices> {
  const r = await client.GET('/api/v1/cyber/home/notices', { signal, passErrors: true, background: true });
  if (r.data === undefined) throw new ApiError(r.response.status, r.error);
  return r.data;
}

/** The supplier home's notices (administered in 포털관리 › 협력사 공지): titles with their date, each opening to its text. */
export function SupplierNoticesCard() {
  const { t, i18n } = useTranslation();
  addTexts(i18n);
  const loggedIn = useSessionStore((s) => s.isLoggedIn);
  const state = useAsync(fetchSupplierNotices);
  if (!loggedIn) return null;
  return (
    <Card title={t('supplierNotices.title')} labelledBy="home-supplier-notices">
      <NoticeListBody
        state={state}
        texts={{
          empty: t('supplierNotices.empty'),
          pinned: t('supplierNotices.pinned'),
          error: t('supplierNotices.error'),
          retry: t('common.retry'),
        }}
        testId="supplier-notices"
      />
    </Card>
  );
}
