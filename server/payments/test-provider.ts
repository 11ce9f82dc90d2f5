/**
 * The built-in test provider, on only in test mode (PAYMENTS_TEST_MODE, or a local site without real providers):
 * its hosted page is one of our own pages (`/{lang}/payment/test/{paymentId}`), which says that no money moves.
 * Its buttons settle the session and notify the server through a webhook signed with HMAC-SHA256, exactly the
 * path a real provider takes. Sessions and the signing key live in the database, like a real provider's records
 * live at the provider: a session opened through one instance can be settled through any other.
 */
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { TestOutcome } from '../../domain/payment-methods.ts';
import type { Database } from '../db/client.ts';
import { providerSecrets, testPaymentSessions } from '../db/schema/index.ts';
import type {
  PaymentProvider,
  PrepareInput,
  PreparedSession,
  VerifiedPayment,
  WebhookEvent,
} from './provider.ts';
import { WebhookSignatureError } from './provider.ts';

type TestSession = typeof testPaymentSessions.$inferSelect;

const OUTCOME_STATUS: Record<TestOutcome, VerifiedPayment['status']> = {
  approve: 'confirmed',
  decline: 'failed',
  cancel: 'cancelled',
};

export const TEST_SIGNATURE_HEADER = 'x-test-provider-signature';

/** Signs the test provider's notifications with the key given, else with the one shared through the database. */
function createSigner(db: Database, secret: string | undefined) {
  let signingKey: Promise<string> | undefined = secret === undefined ? undefined : Promise.resolve(secret);

  async function storedKey(): Promise<string> {
    // The first instance to ask creates the key; every other one (now or after a restart) reads the same.
    await db
      .insert(providerSecrets)
      .values({ provider: 'test', secret: crypto.randomBytes(32).toString('hex') })
      .onConflictDoNothing();
    const [row] = await db.select().from(providerSecrets).where(eq(providerSecrets.provider, 'test'));
    return row!.secret;
  }

  return async function sign(body: string): Promise<string> {
    signingKey ??= storedKey().catch((error: unknown) => {
      signingKey = undefined;
      throw error;
    });
    return crypto
      .createHmac('sha256', await signingKey)
      .update(body)
      .digest('hex');
  };
}

async function findSession(db: Database, providerRef: string): Promise<TestSession | undefined> {
  const [row] = await db
    .select()
    .from(testPaymentSessions)
    .where(eq(testPaymentSessions.providerRef, providerRef));
  return row;
}

/** Moves a pending session to its outcome; a settled session keeps its status. */
async function settleSession(db: Database, providerRef: string, status: VerifiedPayment['status']) {
  await db
    .update(testPaymentSessions)
    .set({ status })
    .where(and(eq(testPaymentSessions.providerRef, providerRef), eq(testPaymentSessions.status, 'pending')));
}

async function openSession(db: Database, publicUrl: string, input: PrepareInput): Promise<PreparedSession> {
  const providerRef = `test_${crypto.randomBytes(12).toString('hex')}`;
  await db.insert(testPaymentSessions).values({
    providerRef,
    paymentId: input.paymentId,
    amountCents: input.amountCents,
    currency: input.currency,
  });
  return { providerRef, redirectUrl: `${publicUrl}/${input.locale}/payment/test/${input.paymentId}` };
}

export function createTestProvider({
  db,
  publicUrl,
  secret,
}: {
  db: Database;
  publicUrl: string;
  /** Tests may fix the key; otherwise one key is created once in the database and shared by every instance. */
  secret?: string;
}) {
  const sign = createSigner(db, secret);
  const session = (providerRef: string) => findSession(db, providerRef);

  const provider: PaymentProvider & {
    settle(
      providerRef: string,
      outcome: TestOutcome,
    ): Promise<{ rawBody: Buffer; headers: Record<string, string> }>;
    session(providerRef: string): Promise<TestSession | undefined>;
  } = {
    id: 'test',

    prepare: (input) => openSession(db, publicUrl, input),

    async verify(providerRef) {
      const found = await session(providerRef);
      if (!found) return { status: 'pending', amountCents: 0, currency: 'EUR' };
      return { status: found.status, amountCents: found.amountCents, currency: found.currency };
    },

    async parseWebhook(rawBody, headers): Promise<WebhookEvent | null> {
      const signature = headers[TEST_SIGNATURE_HEADER];
      const expected = await sign(rawBody.toString('utf8'));
      if (
        typeof signature !== 'string' ||
        signature.length !== expected.length ||
        !crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
      ) {
        throw new WebhookSignatureError('Invalid test provider signature');
      }
      const event = JSON.parse(rawBody.toString('utf8')) as { id: string; type: string; session: string };
      return { eventId: event.id, type: event.type, providerRef: event.session };
    },

    async cancel(providerRef) {
      await settleSession(db, providerRef, 'cancelled');
    },

    // Money given back leaves the session paid, as at a real provider; the test provider has no dashboard where
    // a refund could be made behind the site's back, so it lists none (`refunds` absent).
    async refund(providerRef, amountCents, idempotencyKey) {
      const found = await session(providerRef);
      if (found?.status !== 'confirmed')
        throw new Error(`Test session ${providerRef} has no payment to refund`);
      return {
        providerRefundRef: `test_refund_${crypto.createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`,
        status: 'succeeded',
        amountCents,
        currency: found.currency,
      };
    },

    /** The buyer's choice on the test page: settles the session and returns the signed notification. */
    async settle(providerRef, outcome) {
      await settleSession(db, providerRef, OUTCOME_STATUS[outcome]);
      const body = JSON.stringify({
        id: `evt_${crypto.randomBytes(8).toString('hex')}`,
        type: `session.${outcome}`,
        session: providerRef,
      });
      return { rawBody: Buffer.from(body), headers: { [TEST_SIGNATURE_HEADER]: await sign(body) } };
    },

    session,
  };
  return provider;
}

export type TestProvider = ReturnType<typeof createTestProvider>;
