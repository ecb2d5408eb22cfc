export { ReceiptLinks, receiptPdfUrl, ZReportLink, zReportUrl } from './receipt-links.tsx';
export { CashRegisterSelect } from './cash-register-select.tsx';
export { registerChoiceOf } from './register-choice.ts';
