// Bearer-token check shared by every protected route.
import type { TokenClaims } from '@reelcast/protocol/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../errors';
import { bearer, type Tokens } from '../modules/auth/tokens';
import { markAccess } from './access';

declare module 'fastify' {
  interface FastifyRequest {
    claims: TokenClaims;
  }
}

/**
 * Attach as the route's `onRequest` hook (not preHandler): it runs before the body is parsed and
 * checked, so a caller without a valid token gets 401 whatever they sent, never a 400 that would
 * tell a stranger about the route's input.
 */
export function authenticate(tokens: Pick<Tokens, 'verify'>) {
  return markAccess(
    async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
      const token = bearer(request.headers.authorization);
      if (!token) throw unauthorized();
      request.claims = await tokens.verify(token);
    },
    { roles: null },
  );
}
