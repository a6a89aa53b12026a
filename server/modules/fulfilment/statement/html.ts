import type { StatementModel } from './workflow.js';

const esc = (v: string | null | undefined): string =>
  (v ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The statement as a self-contained HTML page with a print stylesheet: A4 landscape, the
 * column header repeated on every printed page, rows never split, the screen-only hint hidden.
 * No script (the CSP allows none inline): print with the browser (Ctrl+P), or take the PDF.
 */
export function renderStatementHtml(m: StatementModel): string {
  const party = (title: string, rows: Array<[string, string | null]>) =>
    `<table class="party"><caption>${esc(title)}</caption>${rows.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v ?? '')}</td></tr>`).join('')}</table>`;
  const lines = m.rows
    .map(
      (r) =>
        `<tr><td class="c">${esc(r.no)}</td><td class="c">${esc(r.date)}</td><td>${esc(r.whReqNo)}</td><td>${esc(r.poNo)}</td><td>${esc(r.item)}</td><td class="c">${esc(r.unit)}</td>` +
        `<td class="n">${esc(r.quantity)}</td><td class="n">${esc(r.price)}</td><td class="c">${esc(r.currency)}</td><td class="n">${esc(r.amount)}</td><td class="n">${esc(r.krwAmount)}</td></tr>`,
    )
    .join('\n');
  const summary = [...m.summary, ...m.adjustments]
    .map((s) => `<tr><th>${esc(s.label)}</th><td class="n">${esc(s.value)}</td></tr>`)
    .join('');
  return `<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8">
<title>${esc(m.title)} ${esc(m.settleNo)} ${esc(m.supplier.name)} ${esc(m.periodLabel)}</title>
<style>
  :root { font-family: 'Noto Sans KR', 'Noto Sans CJK KR', 'Malgun Gothic', 'Apple SD Gothic Neo', sans-serif; font-size: 12px; color: #111; }
  body { margin: 24px; }
  h1 { text-align: center; letter-spacing: 0.6em; font-size: 24px; margin: 0 0 4px; }
  .meta { text-align: center; margin-bottom: 12px; color: #333; }
  .parties { display: flex; gap: 16px; margin-bottom: 12px; }
  .party { flex: 1; border-collapse: collapse; }
  .party caption { text-align: left; font-weight: bold; padding: 2px 0; }
  .party th, .party td { border: 1px solid #555; padding: 3px 6px; text-align: left; }
  .party th { width: 28%; background: #f1f1f1; font-weight: normal; }
  table.lines { width: 100%; border-collapse: collapse; }
  table.lines th, table.lines td { border: 1px solid #555; padding: 3px 5px; }
  table.lines thead th { background: #e8e8e8; }
  td.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
  td.c { text-align: center; white-space: nowrap; }
  .totals { margin-top: 12px; margin-left: auto; border-collapse: collapse; min-width: 45%; }
  .totals th, .totals td { border: 1px solid #555; padding: 3px 8px; }
  .totals th { text-align: left; font-weight: normal; background: #f7f7f7; }
  .totals tr.grand th, .totals tr.grand td { font-weight: bold; font-size: 14px; }
  .note { margin-top: 8px; color: #444; }
  .screen-only { margin-bottom: 12px; padding: 6px 10px; background: #eef4ff; border: 1px solid #bcd; }
  @page { size: A4 landscape; margin: 12mm; }
  @media print {
    body { margin: 0; font-size: 10px; }
    .screen-only { display: none; }
    table.lines thead { display: table-header-group; }
    table.lines tr, .totals tr { break-inside: avoid; page-break-inside: avoid; }
    .totals { break-inside: avoid; }
  }
</style>
</head>
<body>
<div class="screen-only">인쇄하려면 Ctrl+P(⌘+P)를 누르세요. PDF는 같은 주소에 format=pdf 로 받을 수 있습니다.</div>
<h1>${esc(m.title)}</h1>
<div class="meta">${esc(m.periodLabel)} · 정산번호 ${esc(m.settleNo)} · 발행일 ${esc(m.issuedOn)} · 상태 ${esc(m.statusText)}</div>
<div class="parties">
${party('공급자', [
  ['상호', m.supplier.name],
  ['사업자등록번호', m.supplier.taxNo],
  ['대표자', m.supplier.ceoName],
  ['주소', m.supplier.address],
  ['전화', m.supplier.phoneNo],
  ['협력사 코드', m.supplier.compNo],
])}
${party('공급받는자', [
  ['상호', m.buyer.name],
  ['정산 월', m.periodLabel],
])}
</div>
<table class="lines">
<thead><tr><th>No</th><th>확정일</th><th>입고번호</th><th>발주번호</th><th>품목</th><th>단위</th><th>수량</th><th>단가</th><th>통화</th><th>금액</th><th>원화금액</th></tr></thead>
<tbody>
${lines || '<tr><td colspan="11" class="c">입고 내역이 없습니다</td></tr>'}
</tbody>
</table>
<table class="totals">
${summary}
<tr class="grand"><th>합계 (부가세 별도)</th><td class="n">${esc(m.total)}</td></tr>
</table>
<p class="note">${esc(m.note)}</p>
</body>
</html>
`;
}
