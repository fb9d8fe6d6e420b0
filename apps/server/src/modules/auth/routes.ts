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
import { markAccess } from '../../http/access';
import { authenticate } from '../../http/authenticate';
import { bearer } from './tokens';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth: signIns, config } = app;
  const auth = authenticate(app.tokens);
  // /validate logs a refused token as 'check fail' before answering 401.
  const authOrLogCheckFail = markAccess(
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        await auth(request, reply);
      } catch (e) {
        await signIns.validateRefused(bearer(request.headers.authorization), request.ip);
        throw e;
      }
    },
    { roles: null },
  );

  app.post(
    '/login',
    {
      config: {
        rateLimit: { max: config.LOGIN_RATE_PER_MINUTE, timeWindow: '1 minute' },
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
      const { username, password, otp } = request.body;
      return signIns.login(username, password, request.ip, otp);
    },
  );

  app.get(
    '/validate',
    {
      preHandler: authOrLogCheckFail,
      schema: { response: { 200: validateAnswer, 401: errorBody, 403: errorBody } },
    },
    async (request) => signIns.validate(request.claims, request.ip),
  );

  app.post(
    '/player/logout',
    { preHandler: auth, schema: { response: { 200: okAnswer, 401: errorBody } } },
    async (request) => {
      await signIns.logout(request.claims, request.ip);
      return { code: ErrorCode.success, ErrorMessage: errorMessages[ErrorCode.success]! };
    },
  );
};
