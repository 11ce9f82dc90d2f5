/**
 * Payment endpoints: the methods offered, provider webhooks (raw body, signature checked by the provider
 * adapter), the old return and cancel addresses (now plain redirects to pages), and the buttons of the built-in
 * test provider's page. Paying again, finishing and cancelling an order are POSTs under /api/orders.
 */
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../domain/schemas/zod.ts';
import { DEFAULT_LOCALE, LOCALES } from '../../domain/locales.ts';
import { PAYMENT_PROVIDERS } from '../../domain/payment-methods.ts';
import { PAYMENT_MODES } from '../../domain/statuses.ts';
import { idParam } from '../../domain/schemas/common.ts';
import { AppError } from '../errors.ts';
import { WebhookSignatureError } from '../payments/provider.ts';
import { TEST_OUTCOMES } from '../../domain/payment-methods.ts';
import { requireUser } from '../plugins/auth.ts';
import type { ApiOptions } from './index.ts';
import { errorResponse } from './schemas.ts';

const providerParam = z.enum(PAYMENT_PROVIDERS);

const tags = ['payments'];

/** Provider webhooks. Their signatures are computed over the exact bytes sent: the body stays raw in this scope. */
const webhookRoutes: FastifyPluginAsyncZod<ApiOptions> = async (scope, { services }) => {
  const webhooks = scope.withTypeProvider<ZodTypeProvider>();
  webhooks.removeContentTypeParser('application/json');
  webhooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  webhooks.post(
    '/payments/:provider/webhook',
    {
      schema: {
        tags,
        params: z.object({ provider: providerParam }),
        body: z.instanceof(Buffer).optional(),
        response: {
          200: z.object({ received: z.literal(true), result: z.enum(['applied', 'ignored']) }),
          400: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => {
      try {
        const result = await services.payments.handleWebhook(
          request.params.provider,
          request.body ?? Buffer.alloc(0),
          request.headers,
        );
        return { received: true as const, result };
      } catch (error) {
        if (error instanceof WebhookSignatureError)
          throw new AppError(400, 'invalid_signature', 'Invalid webhook signature');
        // Anything else answers 5xx through the error handler, so that the provider retries.
        throw error;
      }
    },
  );
};

/** The methods offered. */
const methodRoutes: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  app.get(
    '/payment-methods',
    {
      schema: {
        tags,
        summary: 'The payment methods offered, each with its provider, and whether this is a test site',
        response: {
          200: z.object({
            methods: z.array(z.object({ id: z.enum(PAYMENT_MODES), provider: providerParam })),
            test_mode: z.boolean(),
          }),
        },
      },
    },
    async () => ({ methods: services.payments.methods(), test_mode: services.payments.testMode }),
  );
};

// Where providers sent buyers back before the return and cancel addresses became pages. A GET never changes
// state (a link from another site would carry the buyer's cookie): these only lead to the page, whose buttons
// POST what the buyer decides.
const returnQuery = z.object({
  order: idParam(),
  lang: z.enum(LOCALES).default(DEFAULT_LOCALE),
});

/** The old return and cancel addresses, now redirects to the pages. */
const oldReturnRoutes: FastifyPluginAsyncZod<ApiOptions> = async (app) => {
  for (const [path, page] of [
    ['return', 'confirmation'],
    ['cancel', 'payment-cancelled'],
  ] as const) {
    app.get(
      `/payments/:provider/${path}`,
      { schema: { tags, params: z.object({ provider: providerParam }), querystring: returnQuery } },
      async (request, reply) =>
        reply.redirect(`/${request.query.lang}/${page}?order=${request.query.order}`, 303),
    );
  }
};

/** The buttons of the built-in test provider's page. */
const testProviderRoutes: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  app.post(
    '/payments/test/:paymentId/:outcome',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: [{ bearer: [] }],
        params: z.object({
          paymentId: idParam(),
          outcome: z.enum(TEST_OUTCOMES),
        }),
        querystring: z.object({ lang: z.enum(LOCALES).default(DEFAULT_LOCALE) }),
        response: { 200: z.object({ redirect_url: z.string() }), 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => ({
      redirect_url: await services.payments.testCheckout.decide(
        request.params.paymentId,
        request.user!.id,
        request.params.outcome,
        request.query.lang,
      ),
    }),
  );
};

/** Registered in this order, which the OpenAPI document keeps. */
const payments: FastifyPluginAsyncZod<ApiOptions> = async (app, options) => {
  await app.register(webhookRoutes, options);
  await app.register(methodRoutes, options);
  await app.register(oldReturnRoutes, options);
  await app.register(testProviderRoutes, options);
};

export default payments;
