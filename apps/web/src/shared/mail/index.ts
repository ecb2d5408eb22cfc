export { SendMailDialog } from './send-mail-dialog.tsx';
