// The player's wallet calls (§7): discount and bonus claims, and the transactions list.
import { ErrorCode, errorMessages } from '@reelcast/protocol/codes';
import { errorBody } from '@reelcast/protocol/http';
import {
  type ClaimKind,
  claimAnswer,
  transactionsFilterQuery,
  transactionsPage,
} from '@reelcast/protocol/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { authenticate } from '../../http/authenticate';
import { countRefusal } from '../../http/error-handler';

/** The claim rules' refusals (wallet/service.ts): answered in the claim's own shape. */
const claimRefusals = new Set<number>([
  ErrorCode.claimTooSoon,
  ErrorCode.claimBalanceTooHigh,
  ErrorCode.claimNothingToPay,
  ErrorCode.bonusAlreadyClaimed,
  ErrorCode.claimCreditsOnMachine,
]);

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const { wallet } = app;
  const auth = authenticate(app.tokens);

  for (const kind of ['discount', 'bonus'] as const satisfies readonly ClaimKind[]) {
    app.get(
      `/player/${kind}`,
      {
        onRequest: auth,
        // The 30 s guard is the rule; this only stops a script hammering the lock.
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          response: {
            200: claimAnswer,
            400: errorBody,
            401: errorBody,
            404: errorBody,
            429: errorBody,
          },
        },
      },
      async (request) => {
        try {
          const { amount, balance } = await wallet.claim(request.claims.id, kind);
          return {
            status: 200 as const,
            code: ErrorCode.success,
            Params: { amount },
            ErrorMessage: errorMessages[ErrorCode.success]!,
            balance,
          };
        } catch (error) {
          if (!(error instanceof AppError) || !claimRefusals.has(error.code)) throw error;
          // §7: the claim's answer says it was refused (status, code, Params.amount); HTTP 200,
          // since the call itself went through. Counted like every refusal.
          countRefusal(app, error.code);
          return {
            status: error.httpStatus,
            code: error.code,
            Params: { amount: 0, ...error.params },
            ErrorMessage: error.message,
          };
        }
      },
    );
  }

  app.get(
    '/player/transactions',
    {
      onRequest: auth,
      schema: {
        querystring: transactionsFilterQuery,
        response: { 200: transactionsPage, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => {
      const q = request.query;
      const { items, total } = await wallet.transactions(request.claims.id, q);
      return {
        items: items.map((e) => ({
          id: e.id,
          type: e.type,
          amount: e.amount,
          balanceAfter: e.balanceAfter,
          source: e.source,
          sessionId: e.sessionId,
          machineId: e.machineId,
          createdAt: e.createdAt.toISOString(),
        })),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },
  );
};
