export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Outgoing e-mail. */
export interface Mail {
  send(message: MailMessage): Promise<void>;
}
