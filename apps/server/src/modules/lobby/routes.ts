import {
  brandList,
  errorBody,
  machine,
  machineIdParams,
  machineList,
} from '@reelcast/protocol/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate } from '../../http/authenticate';
import type { Services } from '../../services';

export function lobbyRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const preHandler = authenticate(services);

    app.get(
      '/machine/brands',
      { preHandler, schema: { response: { 200: brandList, 401: errorBody } } },
      async () => services.lobby.brands(),
    );

    app.get(
      '/machine/all',
      { preHandler, schema: { response: { 200: machineList, 401: errorBody } } },
      async () => services.lobby.machines(),
    );

    app.get(
      '/machine/:id',
      {
        preHandler,
        schema: {
          params: machineIdParams,
          response: { 200: machine, 400: errorBody, 401: errorBody, 404: errorBody },
        },
      },
      async (request) => services.lobby.machine(request.params.id),
    );
  };
}
