import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

interface Eml {
  to: string;
  subject: string;
  text: string;
}

/** RFC 2047 encoded-words (=?UTF-8?B?...?=) in a header value. */
function decodeHeader(value: string): string {
  return value.replace(/=\?UTF-8\?B\?([^?]*)\?=/gi, (_, data: string) =>
    Buffer.from(data, 'base64').toString('utf8'),
  );
}

/** Reads one .eml file: headers, then a base64 UTF-8 text body. */
export function parseEml(raw: string): Eml {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n(?![ \t])/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const body = rest.join('\n\n');
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const text =
    encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : body;
  return {
    to: headers.get('to') ?? '',
    subject: decodeHeader(headers.get('subject') ?? ''),
    text,
  };
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * The 6-digit code from the newest e-mail to `email` in DATA_DIR/mail, written after `since`
 * (file names start with the send time in milliseconds). Waits a little for the file to appear.
 */
export async function codeFromMail(
  dataDir: string,
  email: string,
  since = 0,
  timeoutMs = 15_000,
): Promise<string> {
  const folder = join(dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    let names: string[] = [];
    try {
      names = (await readdir(folder)).filter((name) => name.endsWith('.eml'));
    } catch {
      names = [];
    }
    const newestFirst = names
      .map((name) => ({ name, sent: Number.parseInt(name, 10) }))
      .filter(({ sent }) => sent >= since)
      .sort((a, b) => b.sent - a.sent);
    for (const { name } of newestFirst) {
      const mail = parseEml(await readFile(join(folder, name), 'utf8'));
      if (mail.to.toLowerCase() !== email.toLowerCase()) continue;
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
      if (code) return code;
    }
    await sleep(200);
  }
  throw new Error(`no code was mailed to ${email}`);
}
