import type { ErpCall, ErpFailRule } from './fake-erp';

/** What the shared fake ERP was sent, optionally only the calls `keep` accepts. */
export async function erpCalls(base: string, keep: (call: ErpCall) => boolean = () => true): Promise<ErpCall[]> {
  const res = await fetch(`${base}/__calls`);
  if (res.status !== 200) throw new Error(`the fake ERP answered ${res.status} to GET /__calls`);
  return ((await res.json()) as ErpCall[]).filter(keep);
}

/** Makes the fake ERP answer the next `rule.times` posts to `rule.path` with an error. */
export async function erpFailNext(base: string, rule: ErpFailRule): Promise<void> {
  const res = await fetch(`${base}/__fail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(rule),
  });
  if (res.status !== 204) throw new Error(`the fake ERP answered ${res.status} to POST /__fail`);
}
