/**
 * The built-in test provider, used when no payment keys are configured: its hosted page is one of our own
 * pages (`/{lang}/payment/test/{paymentId}`), which says that no money moves. Its buttons settle the session
 * and notify the server through a webhook signed with HMAC-SHA256, exactly the path a real provider takes.
 */
import crypto from 'node:crypto';
import type { PaymentProvider, PreparedSession, VerifiedPayment, WebhookEvent } from './provider.ts';
import { WebhookSignatureError } from './provider.ts';

export type TestOutcome = 'approve' | 'decline' | 'cancel';

interface TestSession {
  paymentId: number;
  amountCents: number;
  currency: string;
  status: VerifiedPayment['status'];
}

const OUTCOME_STATUS: Record<TestOutcome, VerifiedPayment['status']> = {
  approve: 'confirmed',
  decline: 'failed',
  cancel: 'cancelled',
};

export const TEST_SIGNATURE_HEADER = 'x-test-provider-signature';

export function createTestProvider({
  publicUrl,
  secret = crypto.randomBytes(32).toString('hex'),
}: {
  publicUrl: string;
  secret?: string;
}) {
  const sessions = new Map<string, TestSession>();
  const sign = (body: string) => crypto.createHmac('sha256', secret).update(body).digest('hex');

  const provider: PaymentProvider & {
    settle(providerRef: string, outcome: TestOutcome): { rawBody: Buffer; headers: Record<string, string> };
    session(providerRef: string): TestSession | undefined;
  } = {
    id: 'test',

    async prepare(input): Promise<PreparedSession> {
      const providerRef = `test_${crypto.randomBytes(12).toString('hex')}`;
      sessions.set(providerRef, {
        paymentId: input.paymentId,
        amountCents: input.amountCents,
        currency: input.currency,
        status: 'pending',
      });
      return { providerRef, redirectUrl: `${publicUrl}/${input.locale}/payment/test/${input.paymentId}` };
    },

    async verify(providerRef) {
      const session = sessions.get(providerRef);
      // A session from before a restart is unknown to this process: it stays pending until it expires.
      if (!session) return { status: 'pending', amountCents: 0, currency: 'EUR' };
      return { status: session.status, amountCents: session.amountCents, currency: session.currency };
    },

    async parseWebhook(rawBody, headers): Promise<WebhookEvent | null> {
      const signature = headers[TEST_SIGNATURE_HEADER];
      const expected = sign(rawBody.toString('utf8'));
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
      const session = sessions.get(providerRef);
      if (session && session.status === 'pending') session.status = 'cancelled';
    },

    async refund(providerRef) {
      const session = sessions.get(providerRef);
      if (session) session.status = 'cancelled';
    },

    /** The buyer's choice on the test page: settles the session and returns the signed notification. */
    settle(providerRef, outcome) {
      const session = sessions.get(providerRef);
      if (session && session.status === 'pending') session.status = OUTCOME_STATUS[outcome];
      const body = JSON.stringify({
        id: `evt_${crypto.randomBytes(8).toString('hex')}`,
        type: `session.${outcome}`,
        session: providerRef,
      });
      return { rawBody: Buffer.from(body), headers: { [TEST_SIGNATURE_HEADER]: sign(body) } };
    },

    session: (providerRef) => sessions.get(providerRef),
  };
  return provider;
}

export type TestProvider = ReturnType<typeof createTestProvider>;
