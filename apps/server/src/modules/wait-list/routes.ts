// The wait list's HTTP routes, one file per endpoint.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { waitListJoinRoute } from './join-route';
import { waitListLeaveRoute } from './leave-route';
import { waitListPlaceRoute } from './place-route';

export const waitListRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(waitListJoinRoute);
  await app.register(waitListLeaveRoute);
  await app.register(waitListPlaceRoute);
};
