// One error type carrying a §8 code; one handler turns it into {ErrorMessage, code, Params}.
import { ErrorCode, errorMessages, formatMessage } from '@reelcast/protocol/codes';

export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly httpStatus = 400,
    readonly params: Record<string, unknown> = {},
    message?: string,
  ) {
    super(message ?? formatMessage(errorMessages[code] ?? 'Error', params));
  }

  toBody() {
    return { ErrorMessage: this.message, code: this.code, Params: this.params };
  }
}

export const invalidRequest = (detail?: string) =>
  new AppError(ErrorCode.invalidRequest, 400, detail ? { detail } : {});
export const unauthorized = () => new AppError(ErrorCode.unauthorized, 401);
export const notFound = (what: string) => new AppError(ErrorCode.notFound, 404, { what });

/** A signed-in user whose role may not use a route. */
export const forbidden = () => new AppError(ErrorCode.forbidden, 403);
