/**
 * WidgetServices (widgets/services.tsx) on the app's typed client and session store: the popups'
 * searches, company names, sourcing groups, files, codes and login data.
 */
import { apiClient, type ApiClient } from '../api/client';
import { applyAuthHeaders, applyStandardHeaders } from '../api/request-headers';
import { currentTokens, useSessionStore } from '../stores/session';
import { usePortalStore } from '../stores/portal';
import type { FileGroup, ServiceError, WidgetServices } from '../../widgets/services';

function serviceError(status: number, body: unknown): ServiceError {
  const b = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const msg = typeof b.msg === 'string' ? b.msg : null;
  return Object.assign(new Error(msg ?? `HTTP ${status}`), {
    name: 'ServiceError',
    status,
    code: typeof b.code === 'string' ? b.code : null,
    serverMessage: msg,
  });
}

async function unwrap<T>(p: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await p;
  if (!response.ok || data === undefined) throw serviceError(response.status, error);
  return data;
}

/** Upload with progress: XMLHttpRequest (fetch reports no upload progress), with the client's headers. */
function uploadWithProgress(
  url: string,
  form: FormData,
  onProgress?: (f: number) => void,
  signal?: AbortSignal,
  headers: Record<string, string> = {},
): Promise<FileGroup> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const probe = applyAuthHeaders(
      applyStandardHeaders(
        new Request(new URL(url, window.location.origin), { method: 'POST' }),
        usePortalStore.getState().isCyber,
      ),
      currentTokens(),
    );
    probe.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(e.loaded / e.total);
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve(xhr.response as FileGroup)
        : reject(serviceError(xhr.status, xhr.response));
    xhr.onerror = () => reject(serviceError(0, null));
    xhr.onabort = () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

const fileUrl = (fileId: string, seq?: number) =>
  seq === undefined
    ? `/api/v1/cmmn/file/${encodeURIComponent(fileId)}/download`
    : `/api/v1/cmmn/file/${encodeURIComponent(fileId)}/${seq}/wsdownload`;

/** The file name of a Content-Disposition header (RFC 5987 filename* first). */
export function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      /* fall through to the plain name */
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? null;
}

/** Hands a blob to the browser's download (an object URL on a temporary link). */
function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement('a'), { href, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export function createWidgetServices(
  client: ApiClient = apiClient,
  options: { uploadLimitMb?: () => number } = {},
): WidgetServices {
  return {
    listBusinessSections: (query) =>
      unwrap(client.GET('/api/v1/cmmn/popup/bsns', { params: { query }, passErrors: true })),
    listDepartments: (query) => unwrap(client.GET('/api/v1/cmmn/popup/dept', { params: { query }, passErrors: true })),
    listPeople: (query) => unwrap(client.GET('/api/v1/cmmn/popup/person', { params: { query }, passErrors: true })),
    async getCompanyName(code) {
      const { data, response } = await client.GET('/api/v1/cmmn/company/{code}', {
        params: { path: { code } },
        passErrors: true,
      });
      if (response.status === 404) return null;
      if (!response.ok || !data) throw serviceError(response.status, null);
      return data.gpsCompMaster?.compNameKr ?? null;
    },
    getSgCode: (level, parent) =>
      unwrap(
        client.GET('/api/v1/item/comp/sourcingGroup/getSgCode', {
          params: { query: { SG_LEVEL: level, UP_LEVEL: parent } },
          passErrors: true,
        }),
      ),
    uploadFiles(files, { fileId, kind, onProgress, signal, headers }) {
      const form = new FormData();
      for (const f of files) form.append('files', f, f.name);
      const qs = new URLSearchParams();
      if (fileId) qs.set('fileId', fileId);
      if (kind && kind !== 'any') qs.set('kind', kind);
      return uploadWithProgress(
        `/api/v1/cmmn/file/upload${qs.size ? `?${qs}` : ''}`,
        form,
        onProgress,
        signal,
        headers,
      );
    },
    listFiles: (fileId) =>
      unwrap(client.GET('/api/v1/cmmn/file/{id}', { params: { path: { id: fileId } }, passErrors: true })),
    deleteFile: (fileId, seq, init) =>
      unwrap(
        client.DELETE('/api/v1/cmmn/file/{id}/{seq}', {
          params: { path: { id: fileId, seq } },
          passErrors: true,
          ...(init?.headers ? { headers: init.headers } : {}),
        }),
      ),
    downloadUrl: fileUrl,
    async downloadFile(fileId, seq, fileName) {
      const url = fileUrl(fileId, seq);
      const request = applyAuthHeaders(
        applyStandardHeaders(new Request(new URL(url, window.location.origin)), usePortalStore.getState().isCyber),
        currentTokens(),
      );
      const res = await fetch(request);
      if (!res.ok) throw serviceError(res.status, await res.json().catch(() => null));
      saveBlob(await res.blob(), fileName ?? fileNameOf(res.headers.get('Content-Disposition')) ?? 'download');
    },
    codes: (group) => useSessionStore.getState().codes[group] ?? [],
    loginData: () => useSessionStore.getState().loginData,
    uploadLimitMb: () => options.uploadLimitMb?.() ?? 10,
  };
}
