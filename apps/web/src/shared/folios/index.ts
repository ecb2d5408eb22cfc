export { FolioBoard } from './folio-board.tsx';
export { PaymentForm, WithPaymentMethods } from './payment-dialog.tsx';
