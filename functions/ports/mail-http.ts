import type { Mail, MailMessage } from './mail';

/**
 * Production mail through an HTTP e-mail API speaking the Resend-style JSON shape
 * (`POST {from,to,subject,text}` with a bearer key), which most providers accept.
 */
export class HttpMail implements Mail {
  constructor(
    private readonly endpoint: string,
    private readonly apiKey: string,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const response = await fetch(this.endpoint, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        from: this.from,
        to: [message.to],
        subject: message.subject,
        text: message.text,
      }),
    });
    if (!response.ok) throw new Error(`mail API answered ${response.status}`);
  }
}
