import { ErrorCode, errorMessages } from '@reelcast/protocol/codes';
import {
  errorBody,
  loginAnswer,
  loginBody,
  okAnswer,
  validateAnswer,
} from '@reelcast/protocol/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate } from '../../http/authenticate';
import type { Services } from '../../services';
import { bearer } from './tokens';

export function authRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = authenticate(services);
    // /validate logs a refused token as 'check fail' before answering 401.
    const authOrLogCheckFail = async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        await auth(request, reply);
      } catch (e) {
        await services.auth.validateRefused(bearer(request.headers.authorization), request.ip);
        throw e;
      }
    };

    app.post(
      '/login',
      {
        config: {
          rateLimit: { max: services.config.LOGIN_RATE_PER_MINUTE, timeWindow: '1 minute' },
        },
        schema: {
          body: loginBody,
          response: {
            200: loginAnswer,
            400: errorBody,
            401: errorBody,
            403: errorBody,
            429: errorBody,
          },
        },
      },
      async (request) => {
        const { username, password } = request.body;
        return services.auth.login(username, password, request.ip);
      },
    );

    app.get(
      '/validate',
      {
        preHandler: authOrLogCheckFail,
        schema: { response: { 200: validateAnswer, 401: errorBody, 403: errorBody } },
      },
      async (request) => services.auth.validate(request.claims, request.ip),
    );

    app.post(
      '/player/logout',
      { preHandler: auth, schema: { response: { 200: okAnswer, 401: errorBody } } },
      async (request) => {
        await services.auth.logout(request.claims, request.ip);
        return { code: ErrorCode.success, ErrorMessage: errorMessages[ErrorCode.success]! };
      },
    );
  };
}
