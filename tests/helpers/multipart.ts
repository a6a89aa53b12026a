/** Serialises files as multipart/form-data with the platform's own FormData, for app.inject. */
export async function multipart(
  files: Array<{ name: string; content: string | Uint8Array<ArrayBuffer>; type?: string }>,
  field = 'files',
) {
  const form = new FormData();
  for (const f of files)
    form.append(field, new Blob([f.content], { type: f.type ?? 'application/octet-stream' }), f.name);
  const request = new Request('http://local/upload', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}
