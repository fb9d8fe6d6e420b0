// GET /docs/openapi.json and GET /docs: the HTTP API's OpenAPI document (plugins/external/
// openapi.ts) and a page to read it, for staff only: the document lists the staff API.
import { errorBody } from '@reelcast/protocol/http';
import { roleGroups } from '@reelcast/protocol/log-types';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardScope } from '../../http/access';
import { authenticate } from '../../http/authenticate';
import { requireRole } from '../../http/require-role';
import { type ApiDocument, renderApiPage } from './page';

export const OPENAPI_PATH = '/docs/openapi.json';

/** No script at all, our own stylesheet only, and never framed. */
const pageCsp = [
  "default-src 'none'",
  "style-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const refusals = { 401: errorBody, 403: errorBody } as const;

export const docsRoutes: FastifyPluginAsyncZod = async (app) => {
  guardScope(app, authenticate(app.tokens), requireRole(...roleGroups.staff));

  app.get(
    OPENAPI_PATH,
    {
      schema: {
        response: {
          200: z.record(z.string(), z.unknown()).describe('An OpenAPI 3.1 document'),
          ...refusals,
        },
      },
    },
    async () => app.swagger() as unknown as Record<string, unknown>,
  );

  app.get(
    '/docs',
    {
      schema: {
        response: {
          200: { description: 'The page', content: { 'text/html': { schema: z.string() } } },
          ...refusals,
        },
      },
    },
    async (_request, reply) => {
      reply.header('content-security-policy', pageCsp);
      return reply
        .type('text/html; charset=utf-8')
        .send(renderApiPage(app.swagger() as unknown as ApiDocument));
    },
  );
};
