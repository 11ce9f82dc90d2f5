/**
 * The stop waits for the mails being sent before the database closes (server/services/index.ts `close`): a message
 * handed to the transport is recorded as sent afterwards, not lost in a query on a closed database.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { mailOutbox } from '../../server/db/schema/index.ts';
import type { OutgoingMessage } from '../../server/mail/transport.ts';
import { createMailService } from '../../server/services/documents/mail.ts';
import { openTestDatabase } from '../support/test-database.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('the mails under way when the server stops', () => {
  it('are recorded as sent before settle() returns', async () => {
    let handedOver!: () => void;
    const sending = new Promise<void>((resolve) => (handedOver = resolve));
    let deliver!: () => void;
    const delivered = new Promise<void>((resolve) => (deliver = resolve));
    const mail = createMailService({
      db: database.db,
      from: 'club@example.org',
      dataDir: 'unused',
      delivery: 'manual',
      transport: {
        async send(_message: OutgoingMessage) {
          handedOver();
          await delivered;
        },
        close() {},
      },
    });
    await mail.queue({ to: 'rider@example.org', subject: 'Route card', html: '<p>Hi</p>', text: 'Hi' });
    const batch = mail.processDue();
    await sending;

    let settled = false;
    const settling = mail.settle().then(() => (settled = true));
    // The transport still holds the message: the stop waits.
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    deliver();
    await settling;
    expect(await batch).toBe(1);
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'rider@example.org'));
    expect(row?.status).toBe('sent');
  });

  it('settles at once when nothing is being sent', async () => {
    const mail = createMailService({
      db: database.db,
      from: 'club@example.org',
      dataDir: 'unused',
      delivery: 'manual',
      transport: { send: async () => {}, close() {} },
    });
    await expect(mail.settle()).resolves.toBeUndefined();
  });
});
