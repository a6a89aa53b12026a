// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CONTRACT_CLAUSES, CONTRACT_TEMPLATES, placedClauses } from '../../../server/db/seed/contracts.js';
import { APPROVAL_RULES } from '../../../server/db/seed/purchasing.js';
import { checkTemplateText, parsePlaceholders } from '../../../server/modules/contracts/variables.js';

describe('the demo seed’s contract set-up (a fresh start can make a contract)', () => {
  const codes = new Set(CONTRACT_CLAUSES.map((c) => c.code));

  it('every seeded clause and template passes the check a save makes', () => {
    for (const c of CONTRACT_CLAUSES) expect(checkTemplateText(c.body, new Set()), c.code).toEqual([]);
    for (const t of CONTRACT_TEMPLATES) expect(checkTemplateText(t.body, codes), t.templateNo).toEqual([]);
    // No underscore in a clause code: a template's stored clauses are read back camel-cased.
    for (const c of codes) expect(c).toMatch(/^[A-Z0-9]+$/);
  });

  it('a supply contract and a 변경계약 template, naming both parties’ 대표자 and 사업자등록번호 and the 계약일자', () => {
    expect(CONTRACT_TEMPLATES.map((t) => t.templateNo)).toEqual(['SUPPLY-STD', 'AMEND-STD']);
    for (const t of CONTRACT_TEMPLATES) {
      const names = new Set(parsePlaceholders(t.body).placeholders.map((p) => p.name));
      for (const v of ['contract.date', 'buyer.ceo', 'buyer.bizNo', 'supplier.ceo', 'supplier.bizNo'])
        expect(names.has(v), `${t.templateNo} ${v}`).toBe(true);
    }
    const amend = CONTRACT_TEMPLATES.find((t) => t.templateNo === 'AMEND-STD')!;
    expect(amend.body).toContain('{{amends.no}}');
    expect(amend.body).toContain('{{amends.summary}}');
    expect(placedClauses(CONTRACT_TEMPLATES[0].body).length).toBeGreaterThanOrEqual(4);
  });

  it('a CONTRACT approval rule covers every amount', () => {
    expect(APPROVAL_RULES.filter((r) => r.docType === 'CONTRACT')).toEqual([
      expect.objectContaining({ minAmount: '0', maxAmount: null }),
    ]);
  });
});
