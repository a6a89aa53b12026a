import type { i18n as I18n } from 'i18next';
import { i18nInstance } from '../../../lib/i18n-instance';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { paths } from '../../../schemas/api-types.generated';
import { ApiError } from '../../api/api-error';
import { apiClient, type ApiClient } from '../../api/client';
import { useAsync, type AsyncState } from '../../hooks/use-async';
import { leavesOf } from '../../layouts/menu/menu-tree';
import { useSessionStore, type MenuItem } from '../../stores/session';
import { Card } from '../../ui/Card';
import styles from './HomeCards.module.css';
import { NoticeListBody } from './NoticeListBody';

type NoticeList = paths['/api/v1/board/notices']['get']['responses'][200]['content']['application/json'];

/** The notice board's screen: the card shows only to users whose menus open it (the list's own access). */
const NOTICE_BOARD_ROUTE = '/board/notice';
/** Notices the card lists: pinned first, then the newest. */
const HOME_NOTICE_COUNT = 5;

const TEXTS = {
  ko: {
    internalNotices: {
      title: '공지사항',
      empty: '공지사항이 없습니다.',
      pinned: '고정',
      error: '공지사항을 불러오지 못했습니다.',
      all: '공지사항 전체 보기',
    },
  },
  en: {
    internalNotices: {
      title: 'Notices',
      empty: 'No notices.',
      pinned: 'Pinned',
      error: 'The notices could not be loaded.',
      all: 'All notices',
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

/** listNoticePosts: the newest notices of the internal board (pinned first). */
async function fetchInternalNotices(signal?: AbortSignal, client: ApiClient = apiClient): Promise<NoticeList> {
  const r = await client.GET('/api/v1/board/notices', {
    params: { query: { size: HOME_NOTICE_COUNT } },
    signal,
    passErrors: true,
    background: true,
  });
  if (r.data === undefined) throw new ApiError(r.response.status, r.error);
  return r.data;
}

/** True when the user's menus open the notice board (so the server lets them read it). */
function opensNoticeBoard(menus: readonly MenuItem[]): boolean {
  return leavesOf([...menus]).some(
    ({ leaf }) => leaf.sspUrl?.replace(/\/+$/, '').toLowerCase() === NOTICE_BOARD_ROUTE.toLowerCase(),
  );
}

/**
 * The internal home's notices (screens.md: "my pending approvals, recent PRs/POs, notices"): the
 * newest posts of 공지사항, each opening to its text (rendered as text, never as markup), and a
 * link to the board. Users whose menus do not hold the board see no card and send no request.
 */
export function InternalNoticesCard() {
  const { t, i18n } = useTranslation();
  addTexts(i18n);
  const menus = useSessionStore((s) => s.menus);
  if (!opensNoticeBoard(menus)) return null;
  return <NoticeList t={t} />;
}

/** The board's answer is a page (`{ rows, total }`); the card lists its rows. */
function rowsOf(
  state: AsyncState<NoticeList> & { reload: () => void },
): AsyncState<NoticeList['rows']> & { reload: () => void } {
  return state.status === 'success' ? { ...state, data: state.data.rows } : state;
}

function NoticeList({ t }: { t: (key: string) => string }) {
  const state = useAsync(fetchInternalNotices);
  return (
    <Card
      title={t('internalNotices.title')}
      labelledBy="home-internal-notices"
      aside={
        <Link to={NOTICE_BOARD_ROUTE} className={styles.muted}>
          {t('internalNotices.all')}
        </Link>
      }
    >
      <NoticeListBody
        state={rowsOf(state)}
        texts={{
          empty: t('internalNotices.empty'),
          pinned: t('internalNotices.pinned'),
          error: t('internalNotices.error'),
          retry: t('common.retry'),
        }}
        testId="internal-notices"
      />
    </Card>
  );
}
