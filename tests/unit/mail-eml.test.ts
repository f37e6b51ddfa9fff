import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../functions/ports/clock-manual';
import { EmlFolderMail } from '../../functions/ports/mail-eml';

let folder = '';
afterEach(() => rm(folder, { recursive: true, force: true }));

describe('e-mail in the embedded shape', () => {
  it('writes one RFC 5322 file per message and one console line', async () => {
    folder = await mkdtemp(join(tmpdir(), 'mail-'));
    const lines: string[] = [];
    const clock = new ManualClock(new Date('2026-11-23T10:00:00Z'));
    const mail = new EmlFolderMail(folder, 'Bots <noreply@localhost>', clock, (line) => lines.push(line));
    await mail.send({ to: 'anna@example.com', subject: 'Код подтверждения', text: 'Ваш код: 123456' });

    const files = await readdir(folder);
    expect(files).toHaveLength(1);
    const eml = await readFile(join(folder, files[0] ?? ''), 'utf8');
    const [head = '', body = ''] = eml.split('\r\n\r\n');
    const headers = Object.fromEntries(
      head.split('\r\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
    );
    expect(headers.To).toBe('anna@example.com');
    expect(headers.Date).toBe('Mon, 23 Nov 2026 10:00:00 +0000');
    expect(headers['Content-Type']).toBe('text/plain; charset=UTF-8');
    const subject = /^=\?UTF-8\?B\?(.+)\?=$/.exec(headers.Subject ?? '')?.[1] ?? '';
    expect(Buffer.from(subject, 'base64').toString('utf8')).toBe('Код подтверждения');
    expect(Buffer.from(body.replace(/\r\n/g, ''), 'base64').toString('utf8')).toBe('Ваш код: 123456');
    expect(lines).toEqual([expect.stringContaining('anna@example.com')]);
  });
});
