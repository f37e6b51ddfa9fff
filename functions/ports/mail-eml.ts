import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from './clock';
import type { Mail, MailMessage } from './mail';

/** RFC 2047 encoded-word for non-ASCII header values. */
function encodeHeader(value: string): string {
  return /^[\x20-\x7e]*$/.test(value)
    ? value
    : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

function wrapBase64(text: string): string {
  return (
    Buffer.from(text, 'utf8')
      .toString('base64')
      .match(/.{1,76}/g)
      ?.join('\r\n') ?? ''
  );
}

export function toEml(message: MailMessage, from: string, date: Date, id: string): string {
  return [
    `From: ${from}`,
    `To: ${message.to}`,
    `Subject: ${encodeHeader(message.subject)}`,
    `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${id}@localhost>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    wrapBase64(message.text),
    '',
  ].join('\r\n');
}

/** Embedded shape: every message becomes one .eml file in a folder plus one console line. */
export class EmlFolderMail implements Mail {
  constructor(
    private readonly folder: string,
    private readonly from: string,
    private readonly clock: Clock,
    private readonly log: (line: string) => void = console.log,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await mkdir(this.folder, { recursive: true });
    const date = this.clock.now();
    const id = `${date.getTime()}-${crypto.randomUUID()}`;
    const file = join(this.folder, `${id}.eml`);
    await writeFile(file, toEml(message, this.from, date, id));
    this.log(`[mail] to ${message.to}: ${message.subject} -> ${file}`);
  }
}
