import nodemailer from 'nodemailer';
import type { TMailTransport } from '@pms/contract';

export type TEnvelope = { from: string; to: string };

/** Hands a composed message on: to the SMTP server when `SMTP_URL` is set, else to the development outbox. */
export type MailTransport = {
  kind: TMailTransport;
  send(envelope: TEnvelope, raw: string): Promise<void>;
};

/** The development outbox: the message stays in the database, where staff read it in the app. */
const outboxTransport: MailTransport = { kind: 'outbox', send: async () => {} };

function smtpTransport(smtpUrl: string): MailTransport {
  return {
    kind: 'smtp',
    send: async (envelope, raw) => {
      const transporter = nodemailer.createTransport(smtpUrl);
      try {
        await transporter.sendMail({ envelope, raw });
      } finally {
        transporter.close();
      }
    },
  };
}

export function createMailTransport(smtpUrl: string | undefined): MailTransport {
  return smtpUrl ? smtpTransport(smtpUrl) : outboxTransport;
}
