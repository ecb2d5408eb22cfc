export { cashRegistersQueryOptions, getCashRegisters, useCashRegisters } from './get-cash-registers.ts';
export { ReceiptLinks, receiptPdfUrl, ZReportLink, zReportUrl } from './receipt-links.tsx';
export { CashRegisterSelect, registerChoiceOf } from './register-choice.tsx';
