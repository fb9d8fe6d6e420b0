// The player's own data: balance, profile, password and PIN changes, login log.
import {
  accountChangeAnswer,
  logsAnswer,
  logsQuery,
  passwordChangeBody,
  pinChangeBody,
  profileAnswer,
} from '@reelcast/protocol/account';
import { balanceAnswer, errorBody, userSettings } from '@reelcast/protocol/http';
import { pinVerifyAnswer, pinVerifyBody } from '@reelcast/protocol/pin-verify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate } from '../../http/authenticate';

export const playerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { account, config, ledger } = app;
  const auth = authenticate(app.tokens);
  // Both changes check the account password: slowed down like /login.
  const guessing = {
    rateLimit: { max: config.LOGIN_RATE_PER_MINUTE, timeWindow: '1 minute' },
  };

  app.get(
    '/player/balance',
    { onRequest: auth, schema: { response: { 200: balanceAnswer, 401: errorBody } } },
    async (request) => ({ balance: await ledger.balance(request.claims.id) }),
  );

  app.get(
    '/player/profile',
    { onRequest: auth, schema: { response: { 200: profileAnswer, 401: errorBody } } },
    async (request) => account.profile(request.claims, request.ip),
  );

  app.post(
    '/player/password',
    {
      onRequest: auth,
      config: guessing,
      schema: {
        body: passwordChangeBody,
        response: { 200: accountChangeAnswer, 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    async (request) => account.changePassword(request.claims, request.body, request.ip),
  );

  app.post(
    '/player/pin',
    {
      onRequest: auth,
      config: guessing,
      schema: {
        body: pinChangeBody,
        response: { 200: accountChangeAnswer, 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    async (request) => account.changePin(request.claims, request.body),
  );

  // The idle lock's PIN check: counted per player (5 wrong in a row end the sign-in) and slowed
  // down like /login.
  app.post(
    '/player/pin/verify',
    {
      onRequest: auth,
      config: guessing,
      schema: {
        body: pinVerifyBody,
        response: { 200: pinVerifyAnswer, 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    async (request) => account.verifyPin(request.claims, request.body.pin),
  );

  app.put(
    '/player/settings',
    {
      onRequest: auth,
      schema: {
        body: userSettings,
        response: { 200: userSettings, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => account.saveSettings(request.claims, request.body),
  );

  app.get(
    '/player/logs',
    {
      onRequest: auth,
      schema: {
        querystring: logsQuery,
        response: { 200: logsAnswer, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => account.logs(request.claims, request.query.page, request.query.pageSize),
  );
};
