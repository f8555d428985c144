/** Outgoing email. Production: SMTP. Embedded default: .eml files in DATA_DIR/mail. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A one-time code in the message; only the dev mailbox prints it, to finish signup offline. */
  code?: string;
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * Account deletion: removes copies of mail sent to the address that this process keeps (the
   * dev mailbox's .eml files). Mail handed to an SMTP server is out of our hands: no method.
   * Answers how many copies were removed.
   */
  forget?(address: string): Promise<number>;
  close?(): void;
}
