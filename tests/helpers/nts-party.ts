/**
 * A party of an NTS tax-invoice document (ReverseIssueRequest's invoicer / invoicee) named by its business number and
 * name alone, the rest left empty: what the API tests and the tax-invoice journey write a supplier's XML with.
 */
export const ntsParty = (corpNum: string, corpName: string) => ({
  corpNum,
  taxRegId: null,
  corpName,
  ceoName: '대표',
  addr: null,
  bizType: null,
  bizClass: null,
  contactName: null,
  email: null,
});
