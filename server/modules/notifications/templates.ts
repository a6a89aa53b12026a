/**
 * The product's messages in Korean and English (issue 15). Each template names the parameters
 * it needs; rendering refuses a missing one, so a message is never sent with a hole in it.
 * Subjects are for e-mail; an SMS carries the subject and the first line of the body.
 */
import { resolveParticles } from '../../../lib/josa.js';

export type Lang = 'ko' | 'en';

interface Template {
  params: readonly string[];
  /** One-time codes: the stored text is blanked once delivered or given up. */
  sensitive?: boolean;
  /** The Korean text writes both particle forms after a variable (`{title}을(를)`): resolved once filled. */
  particles?: boolean;
  ko: { subject: string; body: string };
  en: { subject: string; body: string };
}

export const TEMPLATES = {
  otp: {
    params: ['code', 'minutes'],
    sensitive: true,
    ko: {
      subject: '[GPMS] 인증번호 안내',
      body: '인증번호는 {code} 입니다.\n{minutes}분 안에 입력하세요. 요청하지 않았다면 이 메시지를 무시하고 관리자에게 알려 주세요.',
    },
    en: {
      subject: '[GPMS] Your verification code',
      body: 'Your verification code is {code}.\nEnter it within {minutes} minutes. If you did not ask for it, ignore this message and tell your administrator.',
    },
  },
  'approval.request': {
    params: ['docType', 'docNo', 'title', 'amount', 'submitter'],
    ko: {
      subject: '[GPMS] 결재 요청: {docType} {docNo}',
      body: '{submitter} 님이 결재를 요청했습니다.\n\n문서: {docType} {docNo}\n제목: {title}\n금액: {amount}원\n\nGPMS 홈 화면의 결재 대기 목록에서 승인하거나 반려하세요.',
    },
    en: {
      subject: '[GPMS] Approval requested: {docType} {docNo}',
      body: '{submitter} asks for your approval.\n\nDocument: {docType} {docNo}\nTitle: {title}\nAmount: KRW {amount}\n\nApprove or reject it from the pending approvals on the GPMS home page.',
    },
  },
  'approval.budgetHeld': {
    params: ['docType', 'docNo', 'title', 'approver', 'reason'],
    ko: {
      subject: '[GPMS] 결재 보류 — 예산 부족: {docType} {docNo}',
      body: '{approver} 님이 {docType} {docNo} ({title})를 승인하려 했으나 예산이 부족해 승인되지 않았습니다. 결재는 그 차례에 그대로 남아 있습니다.\n\n{reason}\n\n예산전용으로 부족액이 채워지면 결재자가 다시 승인할 수 있습니다. 예산전용은 예산관리 권한이 있는 담당자가 요청합니다(구매관리 › 예산관리 › 예산전용). 구매요청 화면의 "예산 가용"에서 누구에게 요청할지 볼 수 있습니다.',
    },
    en: {
      subject: '[GPMS] Approval held — budget short: {docType} {docNo}',
      body: '{approver} tried to approve {docType} {docNo} ({title}), but the budget is short, so it was not approved. The approval stays at that step.\n\n{reason}\n\nOnce a budget transfer covers the shortfall, the approver can approve again. Transfers are requested by staff with budget authority (Purchasing › Budget › Budget transfer); the purchase request\'s "Budget available" grid names whom to ask.',
    },
  },
  'approval.result': {
    params: ['docType', 'docNo', 'title', 'result', 'approver', 'comment'],
    ko: {
      subject: '[GPMS] 결재 {result}: {docType} {docNo}',
      body: '{docType} {docNo} ({title}) 결재가 {result}되었습니다.\n결재자: {approver}\n의견: {comment}',
    },
    en: {
      subject: '[GPMS] Approval {result}: {docType} {docNo}',
      body: 'The approval of {docType} {docNo} ({title}) was {result}.\nApprover: {approver}\nComment: {comment}',
    },
  },
  'rfq.invitation': {
    params: ['rfqNo', 'title', 'deadline', 'company'],
    ko: {
      subject: '[OGPMS] 견적 요청: {rfqNo} {title}',
      body: '{company} 담당자님, 견적 요청이 도착했습니다.\n\n견적번호: {rfqNo}\n제목: {title}\n마감: {deadline}\n\n협력사 포털(OGPMS)에서 견적을 제출하세요.',
    },
    en: {
      subject: '[OGPMS] Request for quotation: {rfqNo} {title}',
      body: 'Dear {company}, you are invited to quote.\n\nRFQ: {rfqNo}\nTitle: {title}\nDeadline: {deadline}\n\nSubmit your quotation on the supplier portal (OGPMS).',
    },
  },
  'rfq.deadline': {
    params: ['rfqNo', 'title', 'deadline'],
    ko: {
      subject: '[OGPMS] 견적 마감 임박: {rfqNo}',
      body: '견적 {rfqNo} ({title})의 마감은 {deadline} 입니다. 아직 제출하지 않았다면 마감 전에 제출하세요.',
    },
    en: {
      subject: '[OGPMS] Quotation deadline approaching: {rfqNo}',
      body: 'RFQ {rfqNo} ({title}) closes at {deadline}. If you have not quoted yet, please do so before then.',
    },
  },
  'tender.invitation': {
    params: ['tenderNo', 'title', 'openAt', 'closeAt', 'company'],
    ko: {
      subject: '[OGPMS] 입찰 초대: {tenderNo} {title}',
      body: '{company} 담당자님, 전자입찰에 초대되었습니다.\n\n입찰번호: {tenderNo}\n제목: {title}\n입찰기간: {openAt} ~ {closeAt}\n\n협력사 포털(OGPMS)의 전자입찰 화면에서 투찰하세요. 투찰 금액은 개찰 전까지 누구도 볼 수 없습니다.',
    },
    en: {
      subject: '[OGPMS] Invitation to tender: {tenderNo} {title}',
      body: 'Dear {company}, you are invited to a sealed-bid tender.\n\nTender: {tenderNo}\nTitle: {title}\nBidding: {openAt} to {closeAt}\n\nSubmit your bid on the supplier portal (OGPMS). Nobody can read bid prices before the opening.',
    },
  },
  'tender.result': {
    params: ['tenderNo', 'title', 'result', 'company'],
    ko: {
      subject: '[OGPMS] 입찰 결과: {tenderNo} {result}',
      body: '{company} 담당자님, 입찰 {tenderNo} ({title})의 결과는 {result}입니다.\n다른 협력사의 투찰 금액은 공개되지 않습니다.',
    },
    en: {
      subject: '[OGPMS] Tender result: {tenderNo} {result}',
      body: 'Dear {company}, the result of tender {tenderNo} ({title}) for you: {result}.\nOther suppliers’ prices are not disclosed.',
    },
  },
  'tender.closing': {
    params: ['tenderNo', 'title', 'closeAt', 'hoursLeft', 'company'],
    ko: {
      subject: '[OGPMS] 입찰 마감 {hoursLeft}시간 전: {tenderNo}',
      body: '{company} 담당자님, 입찰 {tenderNo} ({title})은 {closeAt}에 마감됩니다. 아직 투찰하지 않았습니다.\n참여하려면 마감 전에 협력사 포털(OGPMS)의 전자입찰 화면에서 투찰하세요. 마감 후에는 투찰할 수 없습니다.',
    },
    en: {
      subject: '[OGPMS] Tender closes in {hoursLeft} h: {tenderNo}',
      body: 'Dear {company}, tender {tenderNo} ({title}) closes at {closeAt} and you have not bid yet.\nTo take part, submit your bid on the supplier portal (OGPMS) before then; no bid is accepted after the close.',
    },
  },
  'tender.opened': {
    params: ['tenderNo', 'title', 'closeAt', 'company'],
    ko: {
      subject: '[OGPMS] 입찰 시작: {tenderNo} {title}',
      body: '{company} 담당자님, 전자입찰 {tenderNo} ({title})의 투찰이 시작되었습니다.\n마감: {closeAt}\n\n협력사 포털(OGPMS)의 전자입찰 화면에서 마감 전에 투찰하세요. 마감 후에는 투찰할 수 없습니다.',
    },
    en: {
      subject: '[OGPMS] Bidding is open: {tenderNo} {title}',
      body: 'Dear {company}, bidding on tender {tenderNo} ({title}) is now open.\nCloses: {closeAt}\n\nSubmit your bid on the supplier portal (OGPMS) before the close; no bid is accepted after it.',
    },
  },
  'tender.closed': {
    params: ['tenderNo', 'title', 'closeAt', 'submitted', 'invited'],
    ko: {
      subject: '[GPMS] 입찰 마감, 개찰 대기: {tenderNo}',
      body: '입찰 {tenderNo} ({title})이 {closeAt}에 마감되었습니다.\n투찰: {invited}개 협력사 중 {submitted}개사\n\n개찰은 담당 구매자가 아닌 두 명의 담당자가 GPMS 개찰 화면에서 확인해야 합니다. 투찰이 없으면 입찰을 취소하세요.',
    },
    en: {
      subject: '[GPMS] Tender closed, awaiting opening: {tenderNo}',
      body: 'Tender {tenderNo} ({title}) closed at {closeAt}.\nBids: {submitted} of {invited} invited suppliers\n\nTwo staff other than the buyer must confirm the opening on the GPMS bid opening screen. Without bids, cancel the tender.',
    },
  },
  'auction.invitation': {
    params: ['auctionNo', 'title', 'startAt', 'endAt', 'company'],
    ko: {
      subject: '[OGPMS] 역경매 초대: {auctionNo} {title}',
      body: '{company} 담당자님, 역경매에 초대되었습니다.\n\n역경매번호: {auctionNo}\n제목: {title}\n경매기간: {startAt} ~ {endAt} (마감 직전 입찰 시 연장될 수 있습니다)\n\n협력사 포털(OGPMS)의 역경매 참여 화면에서 입찰하세요. 다른 협력사의 이름과 입찰가는 공개되지 않고, 우리 순위만 보입니다.',
    },
    en: {
      subject: '[OGPMS] Invitation to a reverse auction: {auctionNo} {title}',
      body: 'Dear {company}, you are invited to a reverse auction.\n\nAuction: {auctionNo}\nTitle: {title}\nBidding: {startAt} to {endAt} (a bid near the end may extend it)\n\nBid on the supplier portal (OGPMS), Reverse Auctions. Other suppliers’ names and prices are not shown; you see your own rank.',
    },
  },
  'auction.closing': {
    params: ['auctionNo', 'title', 'startAt', 'endAt', 'hoursLeft', 'company'],
    ko: {
      subject: '[OGPMS] 역경매 마감 {hoursLeft}시간 전: {auctionNo}',
      body: '{company} 담당자님, 역경매 {auctionNo} ({title})의 마감은 {endAt}입니다 (시작 {startAt}). 아직 입찰하지 않았습니다.\n참여하려면 마감 전에 협력사 포털(OGPMS)의 역경매 참여 화면에서 입찰하세요. 마감 직전 입찰이 있으면 마감이 연장될 수 있고, 마감 후에는 입찰할 수 없습니다.',
    },
    en: {
      subject: '[OGPMS] Reverse auction ends in {hoursLeft} h: {auctionNo}',
      body: 'Dear {company}, reverse auction {auctionNo} ({title}) ends at {endAt} (it starts at {startAt}) and you have not bid yet.\nTo take part, bid on the supplier portal (OGPMS), Reverse Auctions, before then. A bid near the end may extend it; no bid is accepted after the end.',
    },
  },
  'auction.result': {
    params: ['auctionNo', 'title', 'result', 'company'],
    ko: {
      subject: '[OGPMS] 역경매 결과: {auctionNo} {result}',
      body: '{company} 담당자님, 역경매 {auctionNo} ({title})의 결과는 {result}입니다.\n다른 협력사의 입찰가는 공개되지 않습니다.',
    },
    en: {
      subject: '[OGPMS] Reverse auction result: {auctionNo} {result}',
      body: 'Dear {company}, the result of reverse auction {auctionNo} ({title}) for you: {result}.\nOther suppliers’ prices are not disclosed.',
    },
  },
  'auction.cancelled': {
    params: ['auctionNo', 'title', 'reason', 'company'],
    ko: {
      subject: '[OGPMS] 역경매 취소: {auctionNo}',
      body: '{company} 담당자님, 역경매 {auctionNo} ({title})이 취소되었습니다. 더 이상 입찰을 받지 않습니다.\n사유: {reason}',
    },
    en: {
      subject: '[OGPMS] Reverse auction cancelled: {auctionNo}',
      body: 'Dear {company}, reverse auction {auctionNo} ({title}) was cancelled; no more bids are taken.\nReason: {reason}',
    },
  },
  'po.sent': {
    params: ['poNo', 'title', 'company', 'amount', 'currency'],
    ko: {
      subject: '[OGPMS] 발주서 도착: {poNo}',
      body: '{company} 담당자님, 발주서가 전송되었습니다.\n\n발주번호: {poNo}\n제목: {title}\n금액: {amount} {currency}\n\n협력사 포털(OGPMS)에서 확인하세요.',
    },
    en: {
      subject: '[OGPMS] Purchase order received: {poNo}',
      body: 'Dear {company}, a purchase order was sent to you.\n\nPO: {poNo}\nTitle: {title}\nAmount: {amount} {currency}\n\nSee it on the supplier portal (OGPMS).',
    },
  },
  'po.changed': {
    params: ['poNo', 'title', 'company', 'revision', 'changes', 'reason', 'amount', 'currency'],
    ko: {
      subject: '[OGPMS] 발주 변경 통지: {poNo} (변경차수 {revision})',
      body: '{company} 담당자님, 발주 {poNo}의 내용이 변경되었습니다. 새 발주가 아니라 기존 발주의 변경(변경차수 {revision})입니다.\n\n제목: {title}\n변경 내용:\n{changes}\n변경 사유: {reason}\n변경 후 금액: {amount} {currency}\n\n협력사 포털(OGPMS)에서 변경 내용을 확인하고 다시 확인(접수)해 주세요.',
    },
    en: {
      subject: '[OGPMS] Purchase order changed: {poNo} (revision {revision})',
      body: 'Dear {company}, purchase order {poNo} was changed. This is not a new order: it is revision {revision} of the order you have.\n\nTitle: {title}\nWhat changed:\n{changes}\nReason: {reason}\nAmount after the change: {amount} {currency}\n\nSee the changes on the supplier portal (OGPMS) and acknowledge the order again.',
    },
  },
  'contract.sent': {
    params: ['contractNo', 'title', 'company', 'amount', 'deadline'],
    ko: {
      subject: '[OGPMS] 전자계약 서명 요청: {contractNo}',
      body: '{company} 담당자님, 전자계약 서명을 요청드립니다.\n\n계약번호: {contractNo}\n계약명: {title}\n계약금액: {amount}원 (부가가치세 포함)\n서명 기한: {deadline}\n\n협력사 포털(OGPMS)의 전자계약 화면에서 계약서를 확인하고 인증번호로 서명하세요.',
    },
    en: {
      subject: '[OGPMS] Contract to sign: {contractNo}',
      body: 'Dear {company}, a contract awaits your signature.\n\nContract: {contractNo}\nTitle: {title}\nAmount: KRW {amount} (VAT included)\nSign by: {deadline}\n\nRead it on the supplier portal (OGPMS), electronic contracts, and sign with a one-time code.',
    },
  },
  'contract.reminder': {
    params: ['contractNo', 'title', 'company', 'deadline', 'daysLeft'],
    particles: true,
    ko: {
      subject: '[OGPMS] 전자계약 서명 기한 {daysLeft}일 전: {contractNo}',
      body: '{company} 담당자님, 전자계약 {title}을(를) 서명하실 차례입니다.\n\n계약번호: {contractNo}\n서명 기한: {deadline} ({daysLeft}일 남음)\n\n기한이 지나면 계약이 만료됩니다. 협력사 포털(OGPMS)의 전자계약 화면에서 계약서를 확인하고 인증번호로 서명하세요.',
    },
    en: {
      subject: '[OGPMS] Contract to sign within {daysLeft} day(s): {contractNo}',
      body: 'Dear {company}, the contract {title} awaits your signature.\n\nContract: {contractNo}\nSign by: {deadline} ({daysLeft} day(s) left)\n\nPast the deadline the contract expires. Read it on the supplier portal (OGPMS), electronic contracts, and sign with a one-time code.',
    },
  },
  'contract.reminder.buyer': {
    params: ['contractNo', 'title', 'company', 'deadline', 'daysLeft'],
    particles: true,
    ko: {
      subject: '[GPMS] 전자계약 서명 기한 {daysLeft}일 전: {contractNo}',
      body: '{company}와(과)의 전자계약 {title}을(를) 서명하실 차례입니다.\n\n계약번호: {contractNo}\n서명 기한: {deadline} ({daysLeft}일 남음)\n\n기한이 지나면 계약이 만료됩니다. GPMS 전자계약 화면에서 서명하세요.',
    },
    en: {
      subject: '[GPMS] Contract to sign within {daysLeft} day(s): {contractNo}',
      body: 'The contract {title} with {company} awaits your signature.\n\nContract: {contractNo}\nSign by: {deadline} ({daysLeft} day(s) left)\n\nPast the deadline the contract expires. Sign it on the GPMS electronic contracts screen.',
    },
  },
  'taxInvoice.reverseRequest': {
    params: ['company', 'period', 'mgtKey', 'settleNo', 'amount', 'deadline'],
    ko: {
      subject: '[OGPMS] 세금계산서 역발행 요청: {period} 정산 {settleNo}',
      body: '{company} 담당자님, {period} 월정산({settleNo})의 세금계산서(관리번호 {mgtKey}, 합계 {amount}원) 발행을 요청드립니다. 발행 기한은 {deadline}입니다(부가가치세법 제34조제3항). 협력사 포털(OGPMS) › 세금계산서에서 발행하거나, 내용이 다르면 사유와 함께 거부하세요.',
    },
    en: {
      subject: '[OGPMS] Tax invoice requested: {period} settlement {settleNo}',
      body: 'Dear {company}, please issue the tax invoice (management key {mgtKey}, total KRW {amount}) for the {period} monthly settlement ({settleNo}) by {deadline} (VAT Act art. 34(3)). Issue it, or refuse it with a reason, on the supplier portal (OGPMS), Tax invoices.',
    },
  },
  'taxInvoice.refused': {
    params: ['company', 'document', 'settleNo', 'what', 'reason', 'amounts', 'next'],
    ko: {
      subject: '[OGPMS] 세금계산서 {what}: {document}',
      body: '{company} 담당자님, 세금계산서 {document}에 대한 안내입니다: {what}.\n\n정산: {settleNo}\n사유: {reason}\n금액: {amounts}\n\n{next} 협력사 포털(OGPMS) › 세금계산서에서 확인하세요.',
    },
    en: {
      subject: '[OGPMS] Tax invoice {what}: {document}',
      body: 'Dear {company}, about the tax invoice {document}: {what}.\n\nSettlement: {settleNo}\nReason: {reason}\nAmounts: {amounts}\n\n{next} See the supplier portal (OGPMS), Tax invoices.',
    },
  },
  'settlement.confirm': {
    params: ['period', 'company', 'amount'],
    ko: {
      subject: '[OGPMS] {period} 정산 확인 요청',
      body: '{company} 담당자님, {period} 월정산 금액 {amount}원의 확인을 요청드립니다. 협력사 포털(OGPMS)의 월정산 화면에서 확인하세요.',
    },
    en: {
      subject: '[OGPMS] Please confirm the {period} settlement',
      body: 'Dear {company}, please confirm the monthly settlement for {period} (KRW {amount}) on the supplier portal (OGPMS), monthly settlement screen.',
    },
  },
  'linkage.proposed': {
    params: [
      'proposalNo',
      'agreementNo',
      'title',
      'company',
      'index',
      'baseValue',
      'compareValue',
      'changePct',
      'effectiveFrom',
    ],
    particles: true,
    ko: {
      subject: '[OGPMS] 납품대금 연동 조정 제안: {agreementNo}',
      body: '{company} 담당자님, 단가계약 {agreementNo} ({title})의 기준 지표 {index}이(가) 조정요건을 넘어 연동 조정 제안 {proposalNo}이(가) 작성되었습니다.\n\n기준 지표값: {baseValue} → 비교 지표값: {compareValue} (변동률 {changePct}%)\n적용 시작일: {effectiveFrom}\n\n제안 단가는 구매사가 수락하면 적용 시작일부터 적용됩니다(상생협력법 제21조). 협력사 포털(OGPMS)의 단가계약 화면에서 확인하세요.',
    },
    en: {
      subject: '[OGPMS] Delivery-price linkage proposal: {agreementNo}',
      body: 'Dear {company}, the index {index} of agreement {agreementNo} ({title}) crossed the adjustment trigger, and linkage proposal {proposalNo} was written.\n\nBase value: {baseValue} → comparison value: {compareValue} (change {changePct}%)\nEffective from: {effectiveFrom}\n\nThe proposed prices apply from that day once the buyer accepts them (Win-Win Cooperation Act art. 21). See the agreement on the supplier portal (OGPMS).',
    },
  },
  'linkage.proposed.buyer': {
    params: [
      'proposalNo',
      'agreementNo',
      'title',
      'company',
      'index',
      'baseValue',
      'compareValue',
      'changePct',
      'triggerPct',
      'effectiveFrom',
    ],
    particles: true,
    ko: {
      subject: '[GPMS] 연동 조정 제안 처리 요청: {agreementNo}',
      body: '{company}와(과)의 단가계약 {agreementNo} ({title})의 기준 지표 {index}이(가) 조정요건({triggerPct}%)을 넘어 연동 조정 제안 {proposalNo}이(가) 작성되었습니다.\n\n기준 지표값: {baseValue} → 비교 지표값: {compareValue} (변동률 {changePct}%)\n적용 시작일: {effectiveFrom}\n\nGPMS 단가계약 화면에서 제안 단가를 확인하고 수락하거나 반려하세요(상생협력법 제21조).',
    },
    en: {
      subject: '[GPMS] Linkage proposal to decide: {agreementNo}',
      body: 'The index {index} of agreement {agreementNo} ({title}) with {company} crossed the trigger ({triggerPct}%), and linkage proposal {proposalNo} was written.\n\nBase value: {baseValue} → comparison value: {compareValue} (change {changePct}%)\nEffective from: {effectiveFrom}\n\nReview the proposed prices on the GPMS agreement screen and accept or reject them (Win-Win Cooperation Act art. 21).',
    },
  },
  'contractLinkage.proposed': {
    params: [
      'proposalNo',
      'contractNo',
      'title',
      'company',
      'index',
      'baseValue',
      'compareValue',
      'changePct',
      'effectiveFrom',
    ],
    particles: true,
    ko: {
      subject: '[OGPMS] 납품대금 연동 조정 제안: {contractNo}',
      body: '{company} 담당자님, 전자계약 {contractNo} ({title})의 기준 지표 {index}이(가) 조정요건을 넘어 연동 조정 제안 {proposalNo}이(가) 작성되었습니다.\n\n기준 지표값: {baseValue} → 비교 지표값: {compareValue} (변동률 {changePct}%)\n적용 시작일: {effectiveFrom}\n\n구매사가 수락하면 제안 단가로 변경계약이 작성되고, 변경계약이 체결되면 발주 단가가 바뀝니다(상생협력법 제21조). 협력사 포털(OGPMS)의 전자계약 화면에서 확인하세요.',
    },
    en: {
      subject: '[OGPMS] Delivery-price linkage proposal: {contractNo}',
      body: "Dear {company}, the index {index} of contract {contractNo} ({title}) crossed the adjustment trigger, and linkage proposal {proposalNo} was written.\n\nBase value: {baseValue} → comparison value: {compareValue} (change {changePct}%)\nEffective from: {effectiveFrom}\n\nIf the buyer accepts it, an amendment at the proposed prices is drawn up; the order's prices change once that amendment is signed (Win-Win Cooperation Act art. 21). See the contract on the supplier portal (OGPMS).",
    },
  },
  'contractLinkage.proposed.buyer': {
    params: [
      'proposalNo',
      'contractNo',
      'title',
      'company',
      'index',
      'baseValue',
      'compareValue',
      'changePct',
      'triggerPct',
      'effectiveFrom',
    ],
    particles: true,
    ko: {
      subject: '[GPMS] 연동 조정 제안 처리 요청: {contractNo}',
      body: '{company}와(과)의 전자계약 {contractNo} ({title})의 기준 지표 {index}이(가) 조정요건({triggerPct}%)을 넘어 연동 조정 제안 {proposalNo}이(가) 작성되었습니다.\n\n기준 지표값: {baseValue} → 비교 지표값: {compareValue} (변동률 {changePct}%)\n적용 시작일: {effectiveFrom}\n\nGPMS 전자계약 화면에서 제안 단가를 확인하고 수락(변경계약 작성)하거나 반려하세요(상생협력법 제21조).',
    },
    en: {
      subject: '[GPMS] Linkage proposal to decide: {contractNo}',
      body: 'The index {index} of contract {contractNo} ({title}) with {company} crossed the trigger ({triggerPct}%), and linkage proposal {proposalNo} was written.\n\nBase value: {baseValue} → comparison value: {compareValue} (change {changePct}%)\nEffective from: {effectiveFrom}\n\nReview the proposed prices on the GPMS contract screen and accept them (an amendment is drawn up) or reject them (Win-Win Cooperation Act art. 21).',
    },
  },
  'contractLinkage.decided': {
    params: ['proposalNo', 'contractNo', 'title', 'company', 'decision', 'detail'],
    particles: true,
    ko: {
      subject: '[OGPMS] 연동 조정 제안 {decision}: {contractNo}',
      body: '{company} 담당자님, 전자계약 {contractNo} ({title})의 연동 조정 제안 {proposalNo}이(가) {decision}되었습니다.\n\n{detail}\n\n협력사 포털(OGPMS)의 전자계약 화면에서 확인하세요.',
    },
    en: {
      subject: '[OGPMS] Linkage proposal {decision}: {contractNo}',
      body: 'Dear {company}, linkage proposal {proposalNo} of contract {contractNo} ({title}) was {decision}.\n\n{detail}\n\nSee the contract on the supplier portal (OGPMS).',
    },
  },
  'coordination.requested': {
    params: ['coordinationNo', 'target', 'title', 'company', 'reason', 'requestedChange', 'talksDue', 'agreementDue'],
    particles: true,
    ko: {
      subject: '[GPMS] 납품대금 조정협의 요청: {coordinationNo}',
      body: '{company}이(가) {target} ({title})의 납품대금 조정협의를 요청했습니다.\n\n요청 사유: {reason}\n요청 조정 내용: {requestedChange}\n협의 개시 기한: {talksDue}\n합의 기한: {agreementDue}\n\n요청일로부터 10일 안에 협의를 시작해야 합니다(상생협력법 제22조의2, 하도급법 제16조의2). GPMS 구매관리 › 하도급 › 납품대금 조정협의에서 처리하세요.',
    },
    en: {
      subject: '[GPMS] Delivery-price talks requested: {coordinationNo}',
      body: '{company} asks for talks on the delivery price of {target} ({title}).\n\nReason: {reason}\nChange asked: {requestedChange}\nStart talks by: {talksDue}\nOutcome due by: {agreementDue}\n\nTalks must start within 10 days of the request (Win-Win Cooperation Act art. 22-2, Subcontracting Act art. 16-2). Answer it in GPMS, Purchasing › Subcontracting › Delivery-price talks.',
    },
  },
  'coordination.withdrawn': {
    params: ['coordinationNo', 'target', 'title', 'company', 'withdrawnOn'],
    particles: true,
    ko: {
      subject: '[GPMS] 납품대금 조정협의 요청 철회: {coordinationNo}',
      body: '{company}이(가) {target} ({title})의 납품대금 조정협의 요청 {coordinationNo}을(를) {withdrawnOn}에 철회했습니다.\n\n이 요청의 협의 개시·합의 기한은 더 이상 적용되지 않습니다. GPMS 구매관리 › 하도급 › 납품대금 조정협의에서 확인하세요.',
    },
    en: {
      subject: '[GPMS] Delivery-price talks request withdrawn: {coordinationNo}',
      body: '{company} withdrew its request {coordinationNo} for talks on the delivery price of {target} ({title}) on {withdrawnOn}.\n\nIts deadlines for starting talks and for an outcome no longer apply. See it in GPMS, Purchasing › Subcontracting › Delivery-price talks.',
    },
  },
  'coordination.answered': {
    params: ['coordinationNo', 'target', 'title', 'company', 'step', 'detail'],
    particles: true,
    ko: {
      subject: '[OGPMS] 납품대금 조정협의 {step}: {coordinationNo}',
      body: '{company} 담당자님, 납품대금 조정협의 {coordinationNo} ({target} {title})에 대해 구매사가 {step}을(를) 기록했습니다.\n\n{detail}\n\n협력사 포털(OGPMS)의 납품대금 조정협의 화면에서 확인하세요.',
    },
    en: {
      subject: '[OGPMS] Delivery-price talks {step}: {coordinationNo}',
      body: 'Dear {company}, the buyer recorded on delivery-price talks {coordinationNo} ({target} {title}): {step}.\n\n{detail}\n\nSee it on the supplier portal (OGPMS), Delivery-price talks.',
    },
  },
  'coordination.due': {
    params: ['coordinationNo', 'target', 'title', 'company', 'requestedOn', 'what', 'due', 'left', 'duty'],
    particles: true,
    ko: {
      subject: '[GPMS] 납품대금 조정협의 {what} 기한 임박: {coordinationNo}',
      body: '{company}이(가) {requestedOn}에 요청한 납품대금 조정협의 {coordinationNo} ({target} {title})의 {what} 기한은 {due}입니다({left}).\n\n{duty}\n\nGPMS 구매관리 › 하도급 › 납품대금 조정협의에서 처리하세요.',
    },
    en: {
      subject: '[GPMS] Delivery-price talks: {what} due soon: {coordinationNo}',
      body: 'Delivery-price talks {coordinationNo} ({target} {title}), requested by {company} on {requestedOn}: {what} is due by {due} ({left}).\n\n{duty}\n\nAnswer it in GPMS, Purchasing › Subcontracting › Delivery-price talks.',
    },
  },
  'supplier.application': {
    params: ['company', 'result', 'reason'],
    ko: {
      subject: '[OGPMS] 협력사 등록 신청 결과: {result}',
      body: '{company}의 협력사 등록 신청이 {result}되었습니다.\n사유: {reason}',
    },
    en: {
      subject: '[OGPMS] Supplier application: {result}',
      body: 'The supplier application of {company} was {result}.\nReason: {reason}',
    },
  },
} as const satisfies Record<string, Template>;

export type TemplateId = keyof typeof TEMPLATES;
export type TemplateParams = Record<string, string | number>;

export const isSensitive = (id: TemplateId): boolean => (TEMPLATES[id] as Template).sensitive === true;

/** Korean and English words the templates put into {result}. */
export const RESULT_WORDS = {
  APPROVED: { ko: '승인', en: 'approved' },
  REJECTED: { ko: '반려', en: 'rejected' },
} as const;

export function render(id: TemplateId, lang: Lang, params: TemplateParams): { subject: string; body: string } {
  const template: Template = TEMPLATES[id];
  const missing = template.params.filter((p) => params[p] === undefined || params[p] === null);
  if (missing.length > 0) throw new Error(`notification ${id}: missing ${missing.join(', ')}`);
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
  const t = template[lang];
  const finish = (text: string) => (template.particles && lang === 'ko' ? resolveParticles(fill(text)) : fill(text));
  return { subject: finish(t.subject), body: finish(t.body) };
}
