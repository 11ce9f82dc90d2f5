/**
 * `/.well-known/jwks.json`: the club's public keys for diploma statements (decision 0033), every key that ever
 * signed one, so that anyone verifies a statement without the site's help.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../domain/schemas/zod.ts';
import type { Services } from '../services/index.ts';

const jwks: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/.well-known/jwks.json',
    {
      schema: {
        tags: ['diplomas'],
        response: {
          200: z.object({
            keys: z.array(
              z.object({
                kty: z.string(),
                crv: z.string(),
                x: z.string(),
                kid: z.string(),
                alg: z.string(),
                use: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return services.diplomas.publicKeys();
    },
  );
};

export default jwks;
