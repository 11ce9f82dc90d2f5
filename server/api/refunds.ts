/**
 * Money given back (decision 0039). Administrators: an order's refunds, a refund's retry, the candidates of a refund
 * made at the provider, the buyers' cancellation requests and the treasurer's ledger. Buyers: a cancellation request
 * on their own order (another person's order answers 404).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../domain/schemas/zod.ts';
import { PAYMENT_PROVIDERS } from '../../domain/payment-methods.ts';
import { CANCELLATION_REQUEST_STATUSES, REFUND_SOURCES, REFUND_STATUSES } from '../../domain/refunds.ts';
import { idParam, text } from '../../domain/schemas/common.ts';
import {
  cancellationRequestBody,
  declineBody,
  ledgerQuery,
  refundBody,
  withdrawBody,
} from '../../domain/schemas/refunds.ts';
import { CANDIDATE_STATUSES } from '../../domain/statuses.ts';
import { fileSlug } from '../../domain/file-names.ts';
import { translator } from '../i18n.ts';
import { needs, requireStaff, requireUser } from '../plugins/auth.ts';
import type { ApiOptions } from './index.ts';
import { errorResponse } from './schemas.ts';

const refundView = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  amount_cents: z.number().int(),
  currency: z.string(),
  status: z.enum(REFUND_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  source: z.enum(REFUND_SOURCES),
  reason: z.string(),
  candidate_ids: z.array(z.number().int()),
  failure_reason: z.string().nullable(),
  actor_name: z.string().nullable(),
  created_at: z.string(),
});

const refundPreview = z.object({
  order_id: z.number().int(),
  order_reference: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  buyer: z.object({ name: z.string(), email: z.string() }).nullable(),
  candidates: z.array(z.object({ id: z.number().int(), reference: z.string(), name: z.string() })),
  refundable_after_cents: z.number().int(),
});

const orderRefunds = z.object({
  order_id: z.number().int(),
  reference: z.string(),
  paid_cents: z.number().int(),
  refundable_cents: z.number().int(),
  unit_price_cents: z.number().int(),
  currency: z.string(),
  items: z.array(refundView),
  candidates: z.array(
    z.object({
      id: z.number().int(),
      reference: z.string(),
      name: z.string(),
      statut: z.enum(CANDIDATE_STATUSES),
      refundable: z.boolean(),
    }),
  ),
});

const requestView = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_reference: z.string(),
  status: z.enum(CANCELLATION_REQUEST_STATUSES),
  reason: z.string(),
  decline_reason: z.string().nullable(),
  buyer: z.object({ name: z.string(), email: z.string() }).nullable(),
  candidates: z.array(
    z.object({
      id: z.number().int(),
      reference: z.string(),
      name: z.string(),
      statut: z.enum(CANDIDATE_STATUSES),
    }),
  ),
  refund_cents: z.number().int(),
  fee_cents: z.number().int(),
  currency: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS).nullable(),
  refund_id: z.number().int().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});

const idParams = z.object({ id: idParam() });
const guarded = { 401: errorResponse, 403: errorResponse };
/** The administrators' routes; the buyers' request is listed with the orders. */
const tags = ['admin', 'refunds'];
const security = [{ bearer: [] }];

type App = Parameters<FastifyPluginAsyncZod>[0];
type Services = ApiOptions['services'];

/** An order's refunds: what it paid and may still give back, and a new refund. */
function orderRefundRoutes(app: App, services: Services) {
  app.get(
    '/orders/:id/refunds',
    {
      ...needs('money.read'),
      schema: {
        tags,
        security,
        summary: "An order's payment, what remains refundable, its refunds and candidates",
        params: idParams,
        response: { 200: orderRefunds, 404: errorResponse, ...guarded },
      },
    },
    async (request) => services.refunds.forOrder(request.user, request.params.id),
  );

  app.post(
    '/orders/:id/refunds/preview',
    {
      ...needs('money.refund'),
      schema: {
        tags,
        security,
        summary: 'What a refund would do (whom, how much, which provider), before any money moves',
        params: idParams,
        body: refundBody,
        response: {
          200: refundPreview,
          400: errorResponse,
          404: errorResponse,
          409: errorResponse,
          422: errorResponse,
          ...guarded,
        },
      },
    },
    async (request) => services.refunds.preview(request.user, request.params.id, request.body),
  );

  app.post(
    '/orders/:id/refunds',
    {
      ...needs('money.refund'),
      schema: {
        tags,
        security,
        summary: 'Refund candidates (their price) or an amount through the order’s provider',
        params: idParams,
        headers: z.looseObject({ 'idempotency-key': text().min(8).max(100).optional() }),
        body: refundBody,
        response: {
          201: refundView,
          400: errorResponse,
          404: errorResponse,
          409: errorResponse,
          422: errorResponse,
          ...guarded,
        },
      },
    },
    async (request, reply) => {
      const refund = await services.refunds.create(request.user, request.params.id, request.body, {
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.code(201).send(refund);
    },
  );
}

/** After a refund: asking the provider again, or withdrawing the candidates of one made at the provider. */
function refundFollowUpRoutes(app: App, services: Services) {
  app.post(
    '/refunds/:id/retry',
    {
      ...needs('money.refund'),
      schema: {
        tags,
        security,
        summary: 'Ask the provider again for a failed refund',
        params: idParams,
        response: { 200: refundView, 404: errorResponse, 409: errorResponse, 422: errorResponse, ...guarded },
      },
    },
    async (request) => services.refunds.retry(request.user, request.params.id),
  );

  app.post(
    '/refunds/:id/withdraw',
    {
      ...needs('money.refund'),
      schema: {
        tags,
        security,
        summary: "Withdraw the candidates a refund made in the provider's dashboard was for",
        params: idParams,
        body: withdrawBody,
        response: { 200: refundView, 400: errorResponse, 404: errorResponse, 409: errorResponse, ...guarded },
      },
    },
    async (request) =>
      services.refunds.withdrawFor(request.user, request.params.id, request.body.candidate_ids),
  );
}

/** The buyers' cancellation requests: the list, approving one, declining one. */
function cancellationDecisionRoutes(app: App, services: Services) {
  app.get(
    '/cancellation-requests',
    {
      ...needs('money.read'),
      schema: {
        tags,
        security,
        summary: "Buyers' cancellation requests, open ones first",
        response: { 200: z.object({ items: z.array(requestView) }), ...guarded },
      },
    },
    async (request) => ({ items: await services.cancellationRequests.list(request.user) }),
  );

  app.post(
    '/cancellation-requests/:id/approve',
    {
      ...needs('money.refund'),
      schema: {
        tags,
        security,
        summary: "Refund the request's candidates, less the club's fee",
        params: idParams,
        response: {
          200: z.object({ id: z.number().int(), status: z.literal('approved'), refund: refundView }),
          404: errorResponse,
          409: errorResponse,
          422: errorResponse,
          ...guarded,
        },
      },
    },
    async (request) => services.cancellationRequests.approve(request.user, request.params.id),
  );

  app.post(
    '/cancellation-requests/:id/decline',
    {
      ...needs('money.refund'),
      schema: {
        tags,
        security,
        summary: 'Decline a request, with the reason the buyer is emailed',
        params: idParams,
        body: declineBody,
        response: {
          200: z.object({ id: z.number().int(), status: z.literal('declined') }),
          400: errorResponse,
          404: errorResponse,
          409: errorResponse,
          ...guarded,
        },
      },
    },
    async (request) =>
      services.cancellationRequests.decline(request.user, request.params.id, request.body.reason),
  );
}

/** The treasurer's ledger as a CSV file. */
function ledgerRoutes(app: App, services: Services) {
  app.get(
    '/ledger.csv',
    {
      ...needs('money.read'),
      schema: {
        tags,
        security,
        summary:
          'Every payment confirmed and refund succeeded between two days (Paris time), and monthly totals; ' +
          'with `lang`, one table per file (`table`) as that language’s spreadsheet reads it',
        querystring: ledgerQuery,
        response: { 200: z.string(), 400: errorResponse, ...guarded },
      },
    },
    async (request, reply) => {
      const csv = await services.ledger.ledgerCsv(request.user, request.query);
      const { from, to, lang, table } = request.query;
      const span = [from, to].filter(Boolean).join('_');
      const base = lang
        ? fileSlug(translator(lang, 'admin')(`ledger.files.${table ?? 'movements'}`))
        : table
          ? `ledger-${table}`
          : 'ledger';
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${base}${span ? `-${span}` : ''}.csv"`)
        .send(csv);
    },
  );
}

/** Scoped under /admin by refunds below; every route here requires a role and names its permission. */
const adminRefunds: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  app.addHook('onRequest', requireStaff);
  orderRefundRoutes(app, services);
  refundFollowUpRoutes(app, services);
  cancellationDecisionRoutes(app, services);
  ledgerRoutes(app, services);
};

const buyerRequests: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  app.addHook('onRequest', requireUser);

  app.post(
    '/orders/:id/cancellation-requests',
    {
      schema: {
        tags: ['orders'],
        security: [{ bearer: [] }],
        summary: 'Ask the club to cancel paid registrations no volunteer has started on',
        params: idParams,
        body: cancellationRequestBody,
        response: {
          201: z.object({ id: z.number().int(), status: z.literal('open') }),
          400: errorResponse,
          401: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const created = await services.cancellationRequests.create(
        request.user!.id,
        request.params.id,
        request.body,
      );
      return reply.code(201).send({ id: created.id, status: 'open' as const });
    },
  );
};

const refunds: FastifyPluginAsyncZod<ApiOptions> = async (app, options) => {
  await app.register(adminRefunds, { ...options, prefix: '/admin' });
  await app.register(buyerRequests, options);
};

export default refunds;
