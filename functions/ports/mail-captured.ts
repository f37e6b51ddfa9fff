import type { Mail, MailMessage } from './mail';

/** Keeps sent mail in memory so tests can read it. */
export class CapturedMail implements Mail {
  readonly sent: MailMessage[] = [];

  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }

  lastTo(to: string): MailMessage | undefined {
    return this.sent.filter((m) => m.to === to).at(-1);
  }
}
