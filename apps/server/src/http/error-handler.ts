// One error handler: known errors become {ErrorMessage, code, Params} with their §8 code; bad
// input of any kind becomes 40000; anything else is logged and answered as a bare 500.
import { ErrorCode, errorMessages } from '@reelcast/protocol/codes';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors';

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.httpStatus).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const detail = error.validation
        .map((v) => `${v.instancePath || '/'} ${v.message ?? ''}`.trim())
        .join('; ');
      return reply.status(400).send({
        ErrorMessage: errorMessages[ErrorCode.invalidRequest],
        code: ErrorCode.invalidRequest,
        Params: { detail },
      });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({
        ErrorMessage: errorMessages[ErrorCode.rateLimited],
        code: ErrorCode.rateLimited,
        Params: {},
      });
    }
    // Fastify's own 4xx (malformed JSON, wrong content type, body too large…) are bad input.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({
        ErrorMessage: errorMessages[ErrorCode.invalidRequest],
        code: ErrorCode.invalidRequest,
        Params: {},
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      ErrorMessage: errorMessages[ErrorCode.internal],
      code: ErrorCode.internal,
      Params: {},
    });
  });
}
