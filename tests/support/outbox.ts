/**
 * Mails of the browser journeys: the server under test writes them as .eml files to DATA_DIR/outbox. These
 * helpers wait for the newest one to an address and read its link, as the person reading the mail would.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';

/** The body of one MIME part, decoded (quoted-printable soft breaks and =XX escapes, or base64). */
function decodePart(part: string): string {
  const [headers = '', ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(headers)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The decoded text of the mails to `email` in the outbox, newest first. */
function mailsTo(dataDir: string, email: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => path.join(outbox, name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)
    .map((file) => fs.readFileSync(file, 'utf8'))
    .filter((message) => (/^To: (.*)$/im.exec(message)?.[1] ?? '').includes(email))
    .map((message) =>
      message
        .split(/^--[^\r\n]+$/m)
        .map(decodePart)
        .join('\n'),
    );
}

/** The newest mail to `email` holding a link whose path ends with `linkPath`; waits for the mail worker. */
export async function mailedLink(dataDir: string, email: string, linkPath: string): Promise<URL> {
  let found: URL | undefined;
  await expect
    .poll(
      () => {
        for (const text of mailsTo(dataDir, email)) {
          for (const match of text.matchAll(/https?:\/\/[^\s"<>]+/g)) {
            const url = new URL(match[0].replaceAll('&amp;', '&'));
            if (url.pathname.endsWith(linkPath)) {
              found = url;
              return true;
            }
          }
        }
        return false;
      },
      { timeout: 15_000, message: `a mail to ${email} with a ${linkPath} link` },
    )
    .toBe(true);
  return found!;
}

/** Waits for a mail to `email` whose text says `phrase` (as the reader sees it, decoded), and answers that text. */
export async function mailSaying(dataDir: string, email: string, phrase: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = mailsTo(dataDir, email).find((text) => text.includes(phrase));
        return found !== undefined;
      },
      { timeout: 15_000, message: `a mail to ${email} saying "${phrase}"` },
    )
    .toBe(true);
  return found!;
}

/** Follows the verification link mailed to `email` through the API, as its owner's browser page would. */
export async function verifyEmailFromOutbox(request: APIRequestContext, dataDir: string, email: string) {
  const link = await mailedLink(dataDir, email, '/account/verify-email');
  const response = await request.post('/api/account/verify-email', {
    data: { token: link.searchParams.get('token') },
  });
  expect(response.status(), await response.text()).toBe(200);
}
