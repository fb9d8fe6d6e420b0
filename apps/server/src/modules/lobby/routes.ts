// §7 machine routes, kick and cancel, and reservations. Shapes only; rules live in service.ts.
import {
  brandList,
  errorBody,
  machine,
  machineIdParams,
  machineList,
} from '@reelcast/protocol/http';
import {
  cancelAnswer,
  kickAnswer,
  machineIdBody,
  releaseReservationAnswer,
  reserveAnswer,
} from '@reelcast/protocol/lobby';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate } from '../../http/authenticate';
import { machineInBody } from '../cluster/forward';

/** Answers of the actions on one machine: refused ones say why in ErrorMessage. */
const actionErrors = {
  400: errorBody,
  401: errorBody,
  404: errorBody,
  409: errorBody,
} as const;

export const lobbyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { lobby } = app;
  // On the request, before the body is parsed or checked: a stranger gets 401, never 400.
  const onRequest = authenticate(app.tokens);

  app.get(
    '/machine/brands',
    { onRequest, schema: { response: { 200: brandList, 401: errorBody } } },
    async () => lobby.brands(),
  );

  app.get(
    '/machine/all',
    { onRequest, schema: { response: { 200: machineList, 401: errorBody } } },
    async (request) => lobby.machines(request.claims.id),
  );

  app.get(
    '/machine/:id',
    {
      onRequest,
      schema: {
        params: machineIdParams,
        response: { 200: machine, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => lobby.machine(request.params.id, request.claims.id),
  );

  app.post(
    '/player/kick',
    {
      onRequest,
      // With several instances, the machine's owner answers (cluster/forward.ts).
      config: { machineOf: machineInBody },
      schema: { body: machineIdBody, response: { 200: kickAnswer, ...actionErrors } },
    },
    async (request) => lobby.kick(request.claims, request.body.machineId, request.ip),
  );

  app.post(
    '/player/cancel',
    {
      onRequest,
      // With several instances, the machine's owner answers (cluster/forward.ts).
      config: { machineOf: machineInBody },
      schema: { body: machineIdBody, response: { 200: cancelAnswer, ...actionErrors } },
    },
    async (request) => lobby.cancel(request.claims.id, request.body.machineId),
  );

  app.post(
    '/player/reserve',
    {
      onRequest,
      // With several instances, the machine's owner answers (cluster/forward.ts).
      config: { machineOf: machineInBody },
      schema: { body: machineIdBody, response: { 200: reserveAnswer, ...actionErrors } },
    },
    async (request) => lobby.reserve(request.claims.id, request.body.machineId),
  );

  app.post(
    '/player/reserve/release',
    { onRequest, schema: { response: { 200: releaseReservationAnswer, 401: errorBody } } },
    async (request) => lobby.release(request.claims.id),
  );
};
