// The player's own data: balance, profile, password and PIN changes, settings, login log. Each
// endpoint lives in its own file and is listed here. Every route in it requires a token.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardScope } from '../../http/access';
import { authenticate } from '../../http/authenticate';
import { balanceRoutes } from './balance';
import { logsRoutes } from './logs';
import { passwordRoutes } from './password';
import { pinChangeRoutes } from './pin-change';
import { pinVerifyRoutes } from './pin-verify';
import { profileRoutes } from './profile';
import { settingsRoutes } from './settings';

const playerRouteFiles: FastifyPluginAsyncZod[] = [
  balanceRoutes,
  profileRoutes,
  passwordRoutes,
  pinChangeRoutes,
  pinVerifyRoutes,
  settingsRoutes,
  logsRoutes,
];

export const playerRoutes: FastifyPluginAsyncZod = async (app) => {
  // The guard covers only the routes registered inside this plugin; on the request, so a
  // caller without a valid token is refused before the body is even parsed.
  guardScope(app, authenticate(app.tokens));
  for (const route of playerRouteFiles) await app.register(route);
};
