const base = 'http://127.0.0.1:18931';
const login = await fetch(`${base}/auth/api/login/idpw`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ systemId: 'GPMS', grantType: 'idpw', username: 'opadmin', password: 'Gpms!2345' }) });
const token = (await login.json()).accessToken;
const h = { Authorization: `Bearer ${token}`, IsCyber: 'N', 'Content-Type': 'application/json' };
const list = await (await fetch(`${base}/api/v1/company-change-requests?compNo=C00001&status=REQUESTED`, { headers: h })).json();
for (const r of list.rows) console.log(r.reqNo, (await fetch(`${base}/api/v1/company-change-requests/${r.reqNo}/reject`, { method: 'POST', headers: h, body: JSON.stringify({ version: r.version, comment: '정리' }) })).status);
