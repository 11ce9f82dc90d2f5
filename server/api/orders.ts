/** Orders API: the draft, the price, placing an order, and the buyer's orders. Owner-only: others get 404. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../domain/schemas/zod.ts';
import { LOCALES, isLocale, localeOr } from '../../domain/locales.ts';
import { idParam, text } from '../../domain/schemas/common.ts';
import { orderDraftSchema, orderSchema, priceRequestSchema } from '../../domain/schemas/order.ts';
import { deliveryChangeRequestSchema } from '../../domain/schemas/registration-change.ts';
import { VERDICTS, roadIdSchema } from '../../domain/schemas/track.ts';
import { DELIVERY_MODES, ORDER_STATUSES } from '../../domain/statuses.ts';
import { CHALLENGE_IDS } from '../../domain/ventoux.ts';
import { requireUser } from '../plugins/auth.ts';
import { validatedForToday } from './dated-schema.ts';
import type { ApiOptions } from './index.ts';
import { errorResponse } from './schemas.ts';

const priceResponse = z.object({
  unit_price: z.number().int(),
  count: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
});

const address = z.object({
  nom: z.string(),
  prenom: z.string(),
  adresse: z.string(),
  complement: z.string(),
  code_postal: z.string(),
  ville: z.string(),
  pays: z.string(),
});

const instant = z.string();

/** The registration's path after the order (domain/registration-progress.ts). */
const progressResponse = z.object({
  paid_at: instant.nullable(),
  kit: z.object({ mode: z.enum(DELIVERY_MODES), sent_at: instant }).nullable(),
  track: z
    .object({ verdict: z.enum(VERDICTS), checked_at: instant, missing: z.array(roadIdSchema) })
    .nullable(),
  card_received_at: instant.nullable(),
  homologation: z
    .object({
      id: z.number().int(),
      numero: z.number().int(),
      epreuve: z.enum(CHALLENGE_IDS),
      homologated_at: instant,
      diploma_code: z.string(),
    })
    .nullable(),
  rejection: z.object({ reason: z.string(), rejected_at: instant }).nullable(),
  evidence_request: z
    .object({ message: z.string(), asked_at: instant, answered_at: instant.nullable() })
    .nullable(),
});

const orderResponse = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: z.enum(ORDER_STATUSES),
  payable: z.boolean(),
  delivery_changeable: z.boolean(),
  price: priceResponse,
  date_commande: z.string(),
  mode_livraison: z.string(),
  date_livraison: z.string(),
  point_retrait: z.string().nullable(),
  mode_paiement: z.string(),
  adresse_livraison: address,
  adresse_facturation: address,
  candidats: z.array(
    z.object({
      id: z.number().int(),
      commande_index: z.number().int(),
      reference: z.string(),
      statut: z.string(),
      epreuve: z.string(),
      civilite: z.string(),
      nom: z.string(),
      prenom: z.string(),
      email: z.string(),
      date_naissance: z.string(),
      documents: z.array(z.object({ kind: z.enum(['route_card', 'frame_plate']), url: z.string() })),
      /** When the documents were last emailed; null until then. */
      documents_sent_at: z.string().nullable(),
      progress: progressResponse,
      /** What the buyer may still change: `all`, `identity` (a kit emailed already), or null. */
      changeable: z.enum(['all', 'identity']).nullable(),
      /** A minor's guardian and where their consent stands (the link's last sending, the answer); null for an adult. */
      guardian: z
        .object({
          prenom: z.string(),
          nom: z.string(),
          email: z.string(),
          sent_at: z.string().nullable(),
          decision: z.enum(['confirmed', 'refused']).nullable(),
        })
        .nullable(),
    }),
  ),
});

const idParams = z.object({ id: idParam() });

const tags = ['orders'];
const security = [{ bearer: [] }];

type App = Parameters<FastifyPluginAsyncZod>[0];
type Services = ApiOptions['services'];

/** The order form's draft, kept with the account: read, saved, cleared. */
function draftRoutes(app: App, services: Services) {
  app.get(
    '/orders/draft',
    {
      schema: {
        tags,
        security,
        response: { 200: z.object({ draft: z.looseObject({}).nullable() }), 401: errorResponse },
      },
    },
    async (request) => ({ draft: await services.orderDrafts.get(request.user!.id) }),
  );

  app.put(
    '/orders/draft',
    {
      schema: {
        tags,
        security,
        body: orderDraftSchema,
        response: { 204: z.null(), 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) => {
      await services.orderDrafts.save(request.user!.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/orders/draft',
    { schema: { tags, security, response: { 204: z.null(), 401: errorResponse } } },
    async (request, reply) => {
      await services.orderDrafts.clear(request.user!.id);
      return reply.code(204).send(null);
    },
  );
}

/** The price of some registrations, and placing the order, which sends the buyer to the provider. */
function placingRoutes(app: App, services: Services) {
  app.post(
    '/orders/price',
    {
      schema: {
        tags,
        security,
        body: priceRequestSchema,
        response: { 200: priceResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request) => services.orders.price(request.body.candidats.length),
  );

  app.post(
    '/orders',
    {
      schema: {
        tags,
        security,
        headers: z.looseObject({ 'idempotency-key': text().min(8).max(100).optional() }),
        querystring: z.object({ lang: z.enum(LOCALES).optional() }),
        body: validatedForToday(orderSchema),
        response: {
          201: z.object({ id: z.number().int(), redirect_url: z.string() }),
          400: errorResponse,
          401: errorResponse,
          409: errorResponse,
          502: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const lang = request.query.lang ?? request.cookies.i18n;
      const created = await services.orders.create(request.user!, request.body, {
        idempotencyKey: request.headers['idempotency-key'],
        locale: localeOr(lang),
      });
      return reply.code(201).send({ id: created.id, redirect_url: created.redirectUrl });
    },
  );
}

/** The buyer's orders, one of them, and its status alone, which a page waiting for the payment polls. */
function readRoutes(app: App, services: Services) {
  app.get(
    '/orders',
    { schema: { tags, security, response: { 200: z.array(orderResponse), 401: errorResponse } } },
    async (request) => services.orders.list(request.user!.id),
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags,
        security,
        params: idParams,
        response: { 200: orderResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => services.orders.get(request.user!.id, request.params.id),
  );

  app.get(
    '/orders/:id/status',
    {
      schema: {
        tags,
        security,
        params: idParams,
        response: {
          200: z.object({ status: z.enum(ORDER_STATUSES) }),
          401: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => services.orders.status(request.user!.id, request.params.id),
  );
}

/** Paying again an order left unpaid. */
function paymentRetryRoutes(app: App, services: Services) {
  app.post(
    '/orders/:id/pay',
    {
      schema: {
        tags,
        security,
        summary: 'A new payment attempt on an unpaid, unexpired order of the buyer',
        params: idParams,
        querystring: z.object({ lang: z.enum(LOCALES).optional() }),
        response: {
          200: z.object({ redirect_url: z.string() }),
          400: errorResponse,
          401: errorResponse,
          404: errorResponse,
          409: errorResponse,
          502: errorResponse,
        },
      },
    },
    async (request) => {
      const lang = request.query.lang ?? request.cookies.i18n;
      const redirectUrl = await services.orders.pay(request.user!, request.params.id, {
        locale: isLocale(lang) ? lang : undefined,
      });
      return { redirect_url: redirectUrl };
    },
  );
}

/** Changing a paid order's delivery. */
function deliveryChangeRoutes(app: App, services: Services) {
  app.patch(
    '/orders/:id',
    {
      schema: {
        tags,
        security,
        summary: "Change a paid order's delivery before a volunteer starts on its kits",
        params: idParams,
        body: deliveryChangeRequestSchema,
        response: {
          200: orderResponse,
          400: errorResponse,
          401: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request) => {
      await services.registrationChanges.changeDelivery(request.user!.id, request.params.id, request.body);
      return services.orders.get(request.user!.id, request.params.id);
    },
  );
}

/** How a checkout ends: the buyer gives up, or comes back from the provider. */
function checkoutEndRoutes(app: App, services: Services) {
  app.post(
    '/orders/:id/cancel',
    {
      schema: {
        tags,
        security,
        summary: 'The buyer gives up an unpaid order',
        params: idParams,
        response: {
          200: z.object({ status: z.enum(ORDER_STATUSES) }),
          401: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request) => services.orders.cancel(request.user!.id, request.params.id),
  );

  app.post(
    '/orders/:id/complete',
    {
      schema: {
        tags,
        security,
        summary: 'Back from the provider: finish the payment (PayPal captures) and read its real status',
        params: idParams,
        response: {
          200: z.object({ status: z.enum(ORDER_STATUSES) }),
          401: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => ({
      status: await services.payments.completeReturn(request.params.id, request.user!.id),
    }),
  );
}

/** Every route here is the signed-in buyer's; registered in this order, which the OpenAPI document keeps. */
const orders: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  app.addHook('onRequest', requireUser);
  draftRoutes(app, services);
  placingRoutes(app, services);
  readRoutes(app, services);
  paymentRetryRoutes(app, services);
  deliveryChangeRoutes(app, services);
  checkoutEndRoutes(app, services);
};

export default orders;
