// The OpenAPI 3.1 document of the HTTP API, generated from the zod schemas every route declares
// (fastify-type-provider-zod's transform) and from the guards it runs (http/access.ts): which
// routes need a bearer token and which only staff may call. Registered before the routes, so its
// onRoute hook sees each one as it is added; served to staff by modules/docs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { routeAccess } from '../../http/access';
import { serverRoot } from '../../paths';

const { version } = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as {
  version: string;
};

/** The security scheme's name in the document. */
export const BEARER = 'bearer';

/** The zod transform, then who may call the route. */
const transform: SwaggerTransform = (document) => {
  const { schema, url } = jsonSchemaTransform(document);
  const access = routeAccess(document.route);
  if (!access || (schema as { hide?: boolean }).hide) return { schema, url };
  const only = access.roles ? `Only for the roles ${access.roles.join(', ')}.` : undefined;
  return {
    schema: { ...schema, security: [{ [BEARER]: [] }], ...(only ? { description: only } : {}) },
    url,
  };
};

export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        // 3.1 takes JSON Schema 2020-12 as it is, the dialect zod writes by default.
        openapi: '3.1.0',
        info: {
          title: 'Reelcast HTTP API',
          version,
          description:
            'The player and staff API (spec §7). Errors answer {ErrorMessage, code, Params} with a ' +
            'spec §8 code. The socket.io namespaces are described in docs/socket-protocol.md.',
        },
        components: {
          securitySchemes: {
            [BEARER]: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: 'The token POST /login answers.',
            },
          },
        },
      },
      transform,
      transformObject: jsonSchemaTransformObject,
    });
  },
  { name: 'openapi' },
);
