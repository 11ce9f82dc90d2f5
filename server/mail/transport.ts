/**
 * How mail leaves the process: nodemailer over SMTP_URL, or, without it, `.eml` files in DATA_DIR/outbox so
 * that local mail can be read (and tests can pick it up).
 */
import fs from 'node:fs';
import path from 'node:path';
import type Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

export interface OutgoingMessage {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: { filename: string; path: string }[];
}

export interface MailTransport {
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
}

export function outboxDirectory(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/**
 * nodemailer (about 25 MB of a process's memory) is loaded with the first message rather than at start: many
 * processes send none (decision 0054). The transport is made once, on that first message.
 */
function onFirstMessage(make: (mailer: typeof Nodemailer) => Transporter) {
  let transport: Promise<Transporter> | undefined;
  return {
    get: () => (transport ??= import('nodemailer').then((mailer) => make(mailer.default))),
    close: () =>
      void transport?.then(
        (made) => made.close(),
        () => {},
      ),
  };
}

export function createMailTransport({
  smtpUrl,
  dataDir,
}: {
  smtpUrl?: string;
  dataDir: string;
}): MailTransport {
  if (smtpUrl) {
    const transport = onFirstMessage((mailer) => mailer.createTransport(smtpUrl));
    return {
      async send(message) {
        await (await transport.get()).sendMail(message);
      },
      close: transport.close,
    };
  }
  const directory = outboxDirectory(dataDir);
  const transport = onFirstMessage((mailer) =>
    mailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(message) {
      const info = await (await transport.get()).sendMail(message);
      // Written off the requests' thread: a slow disk delays this message, not every visitor.
      await fs.promises.mkdir(directory, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '')}.eml`;
      // Written in a folder beside the outbox, then moved in: whoever reads the outbox never sees half a message.
      const aside = path.join(`${directory}.partial`, name);
      await fs.promises.mkdir(path.dirname(aside), { recursive: true });
      await fs.promises.writeFile(aside, info.message as Buffer);
      await fs.promises.rename(aside, path.join(directory, name));
    },
    close: transport.close,
  };
}
