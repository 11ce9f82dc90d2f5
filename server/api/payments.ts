/**
 * Payment endpoints: provider webhooks (raw body, signature checked by the provider adapter), the buyer's
 * return from and cancellation at a hosted page, and the buttons of the built-in test provider's page.
 */
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { DEFAULT_LOCALE, LOCALES } from '../../domain/locales.ts';
import { idParam } from '../../domain/schemas/common.ts';
import { AppError } from '../errors.ts';
import { WebhookSignatureError } from '../payments/provider.ts';
import { requireUser } from '../plugins/auth.ts';
import type { ApiOptions } from './index.ts';
import { errorResponse } from './schemas.ts';

const providerParam = z.enum(['stripe', 'paypal', 'test']);

const payments: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  const tags = ['payments'];

  // Webhook signatures are computed over the exact bytes sent: keep the body raw in this scope.
  await app.register(async (scope) => {
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
  });

  const returnQuery = z.object({
    order: idParam(),
    lang: z.enum(LOCALES).default(DEFAULT_LOCALE),
  });

  app.get(
    '/payments/:provider/return',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: [{ bearer: [] }],
        params: z.object({ provider: providerParam }),
        querystring: returnQuery,
      },
    },
    async (request, reply) => {
      const { order, lang } = request.query;
      await services.payments.completeReturn(request.params.provider, order, request.user!.id);
      return reply.redirect(`/${lang}/confirmation?order=${order}`, 303);
    },
  );

  app.get(
    '/payments/:provider/cancel',
    {
      onRequest: requireUser,
      schema: { tags, params: z.object({ provider: providerParam }), querystring: returnQuery },
    },
    async (request, reply) => {
      const { order, lang } = request.query;
      await services.payments.cancelByBuyer(request.params.provider, order, request.user!.id);
      return reply.redirect(`/${lang}/payment-cancelled?order=${order}`, 303);
    },
  );

  app.post(
    '/payments/test/:paymentId/:outcome',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: [{ bearer: [] }],
        params: z.object({
          paymentId: idParam(),
          outcome: z.enum(['approve', 'decline', 'cancel']),
        }),
        querystring: z.object({ lang: z.enum(LOCALES).default(DEFAULT_LOCALE) }),
        response: { 200: z.object({ redirect_url: z.string() }), 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => ({
      redirect_url: await services.payments.testAction(
        request.params.paymentId,
        request.user!.id,
        request.params.outcome,
        request.query.lang,
      ),
    }),
  );
};

export default payments;
