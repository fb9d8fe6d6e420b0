// Player protection's HTTP routes: the player's limits, reality-check interval and answer, time-out
// and self-exclusion, the market's play rules, a session's net position and the account history
// export; and the staff's read-only view of a player's protection. Every route needs a token.
import { errorMessages } from '@reelcast/protocol/codes';
import { errorBody, okAnswer } from '@reelcast/protocol/http';
import { roleGroups } from '@reelcast/protocol/log-types';
import {
  exclusionAnswer,
  exclusionBody,
  historyExportQuery,
  playRules,
  protectionAnswer,
  realityCheckBody,
  realityCheckContinueBody,
  sessionPosition,
  sessionPositionParams,
  setLimitBody,
  staffProtectionAnswer,
  staffProtectionParams,
} from '@reelcast/protocol/protection';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardScope } from '../../http/access';
import { authenticate } from '../../http/authenticate';
import { requireRole } from '../../http/require-role';
import { historyCsv } from './history-export';

const answers = <T>(ok: T) => ({ 200: ok, 400: errorBody, 401: errorBody });
const done = { code: 20000 as const, ErrorMessage: errorMessages[20000]! };

/** The player's own settings: limits, the reality-check interval, a time-out or exclusion. */
const playerSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { protection, playGuard } = app;
  guardScope(app, authenticate(app.tokens));

  app.get('/player/limits', { schema: { response: answers(protectionAnswer) } }, (request) =>
    protection.view(request.claims.id),
  );

  app.put(
    '/player/limits',
    { schema: { body: setLimitBody, response: answers(protectionAnswer) } },
    (request) => playGuard.setLimit(request.claims.id, request.body),
  );

  app.put(
    '/player/reality-check',
    { schema: { body: realityCheckBody, response: answers(okAnswer) } },
    async (request) => {
      await playGuard.setRealityCheck(request.claims.id, request.body.minutes);
      return done;
    },
  );

  app.post(
    '/player/exclusion',
    { schema: { body: exclusionBody, response: answers(exclusionAnswer) } },
    async (request) => ({
      ...done,
      exclusion: await playGuard.exclude(request.claims.id, request.body.choice),
    }),
  );
};

/** At play: the reality check's answer, the play rules, a session's position, the history. */
const playerPlayRoutes: FastifyPluginAsyncZod = async (app) => {
  const { playGuard, playRulesProfile } = app;
  guardScope(app, authenticate(app.tokens));

  app.post(
    '/player/reality-check/continue',
    {
      schema: {
        body: realityCheckContinueBody,
        response: { ...answers(okAnswer), 404: errorBody },
      },
    },
    async (request) => {
      await playGuard.continueAfterCheck(request.claims.id, request.body.sessionId);
      return done;
    },
  );

  app.get('/player/play-rules', { schema: { response: answers(playRules) } }, async () => ({
    code: 20000 as const,
    ...playRulesProfile,
  }));

  app.get(
    '/player/slot-sessions/:id/position',
    {
      schema: {
        params: sessionPositionParams,
        response: { ...answers(sessionPosition), 404: errorBody },
      },
    },
    (request) => playGuard.position(request.claims.id, request.params.id),
  );

  app.get(
    '/player/account-history.csv',
    {
      schema: {
        querystring: historyExportQuery,
        response: {
          200: {
            description: 'Transactions and slot sessions in the range, as CSV',
            content: { 'text/csv': { schema: z.string() } },
          },
          400: errorBody,
          401: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const csv = await historyCsv(app.database.db, request.claims.id, from, to);
      const name = `account-history-${from.toISOString().slice(0, 10)}.csv`;
      reply.header('content-disposition', `attachment; filename="${name}"`);
      return reply.type('text/csv; charset=utf-8').send(csv);
    },
  );
};

const staffProtectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { protection } = app;
  guardScope(app, authenticate(app.tokens), requireRole(...roleGroups.staff));
  // Read-only: staff see a player's limits and exclusions and can shorten none of them.
  app.get(
    '/staff/players/:playerId/protection',
    {
      schema: {
        params: staffProtectionParams,
        response: { ...answers(staffProtectionAnswer), 403: errorBody },
      },
    },
    (request) => protection.staffView(request.params.playerId),
  );
};

export const protectionRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(playerSettingsRoutes);
  await app.register(playerPlayRoutes);
  await app.register(staffProtectionRoutes);
};
