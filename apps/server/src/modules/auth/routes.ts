import {
  errorBody,
  loginAnswer,
  loginBody,
  okAnswer,
  validateAnswer,
} from '@reelcast/protocol/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate } from '../../http/authenticate';
import type { Services } from '../../services';

export function authRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = authenticate(services);

    app.post(
      '/login',
      {
        config: {
          rateLimit: { max: services.config.LOGIN_RATE_PER_MINUTE, timeWindow: '1 minute' },
        },
        schema: {
          body: loginBody,
          response: { 200: loginAnswer, 400: errorBody, 401: errorBody, 429: errorBody },
        },
      },
      async (request) => {
        const { username, password } = request.body;
        return services.auth.login(username, password, request.ip);
      },
    );

    app.get(
      '/validate',
      { preHandler: auth, schema: { response: { 200: validateAnswer, 401: errorBody } } },
      async (request) => services.auth.validate(request.claims),
    );

    app.post(
      '/player/logout',
      { preHandler: auth, schema: { response: { 200: okAnswer, 401: errorBody } } },
      async (request) => {
        await services.auth.logout(request.claims);
        return { code: 20000, ErrorMessage: '' };
      },
    );
  };
}
