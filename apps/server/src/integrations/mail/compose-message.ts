import MailComposer from 'nodemailer/lib/mail-composer';

export type TComposedAttachment = {
  filename: string;
  contentType: string;
  content: Buffer;
  /** Set for an image the HTML shows inline (`<img src="cid:...">`) rather than a file to open. */
  cid?: string;
};

export type TComposeInput = {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  /** The same text as HTML: the message becomes multipart/alternative. */
  html?: string;
  /** `<id@host>`: kept when the message is composed again with its attachments. */
  messageId: string;
  date: Date;
  attachments?: TComposedAttachment[];
};

/** The RFC 822 message, as it is stored in the outbox and handed to the SMTP server byte for byte. */
export async function composeMessage(input: TComposeInput): Promise<string> {
  const composer = new MailComposer({
    from: input.from,
    to: input.to,
    subject: input.subject,
    text: input.text,
    ...(input.html ? { html: input.html } : {}),
    messageId: input.messageId,
    date: input.date,
    attachments: (input.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: attachment.content,
      ...(attachment.cid ? { cid: attachment.cid, contentDisposition: 'inline' as const } : {}),
    })),
  });
  const message = await composer.compile().build();
  // The SMTP transport sends every line ending as CRLF: stored the same way, the .eml is what was sent.
  return message.toString('utf8').replace(/\r?\n/g, '\r\n');
}
