// One error handler: known errors become {ErrorMessage, code, Params} with their §8 code; bad
// input of any kind becomes 40000; anything else is logged and answered as a bare 500. Fastify's
// router refusals (bad URL encoding, over-long path parameter) and Node's HTTP parser refusals
// (431 headers too large, unparsable request) get the same shape from the two handlers below.
import type { Socket } from 'node:net';
import { ErrorCode, errorMessages } from '@reelcast/protocol/codes';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors';

function body(code: number, params: Record<string, unknown> = {}) {
  return { ErrorMessage: errorMessages[code] ?? 'Error', code, Params: params };
}

/**
 * Counts an answer in the error shape by its code, for /metrics (plugins/app/metrics.ts). Every
 * such answer passes here; a bare app (a unit test's) has no metrics.
 */
export function countRefusal(app: FastifyInstance, code: number): void {
  if (app.hasDecorator('metrics')) app.metrics.refused(code);
}

/** The catalogue code of a 4xx that Fastify or a plugin raised on its own. */
function codeOfStatus(status: number): number {
  switch (status) {
    case 401:
      return ErrorCode.unauthorized;
    case 403:
      return ErrorCode.forbidden;
    case 404:
      return ErrorCode.notFound;
    case 429:
      return ErrorCode.rateLimited;
    default:
      // malformed JSON, wrong content type (415), body too large (413)…
      return ErrorCode.invalidRequest;
  }
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      countRefusal(app, error.code);
      return reply.status(error.httpStatus).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const detail = error.validation
        .map((v) => `${v.instancePath || '/'} ${v.message ?? ''}`.trim())
        .join('; ');
      countRefusal(app, ErrorCode.invalidRequest);
      return reply.status(400).send(body(ErrorCode.invalidRequest, { detail }));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code = codeOfStatus(error.statusCode);
      countRefusal(app, code);
      return reply.status(error.statusCode).send(body(code));
    }
    request.log.error({ err: error }, 'unhandled error');
    countRefusal(app, ErrorCode.internal);
    return reply.status(500).send(body(ErrorCode.internal));
  });
}

/**
 * Fastify's `frameworkErrors`: the router's refusals before any route runs. A URL that does not
 * decode and a path parameter over the router's length limit are malformed requests (400/40000).
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    countRefusal(request.server, ErrorCode.invalidRequest);
    reply.status(400).send(body(ErrorCode.invalidRequest));
    return;
  }
  request.log.error({ err: error }, 'router error');
  countRefusal(request.server, ErrorCode.internal);
  reply.status(500).send(body(ErrorCode.internal));
}

const clientErrorStatus: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
};

/**
 * The server's `clientError`: Node's HTTP parser refused the bytes (headers over the size limit,
 * not HTTP at all) before Fastify saw a request, so the answer is written on the socket here.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason] = clientErrorStatus[error.code ?? ''] ?? [400, 'Bad Request'];
  this.log.debug({ code: error.code }, 'client error');
  countRefusal(this, ErrorCode.invalidRequest);
  if (socket.writable) {
    const json = JSON.stringify(body(ErrorCode.invalidRequest));
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}
