import type { paths } from '../../schemas/api-types.generated';
import type { Language } from '../i18n/language';
import { apiClient, type ApiClient } from './client';
import { ApiError } from './api-error';

/** GET /api/v1/common/resources: constants, available languages and messages (spec §7). */
export type CommonResources = paths['/api/v1/common/resources']['get']['responses'][200]['content']['application/json'];

export async function fetchCommonResources(
  lang: Language,
  signal?: AbortSignal,
  client: ApiClient = apiClient,
): Promise<CommonResources> {
  const { data, error, response } = await client.GET('/api/v1/common/resources', {
    params: { query: { lang } },
    signal,
    passErrors: true,
  });
  if (data === undefined) throw new ApiError(response.status, error);
  return data;
}
