// What every staff route declares and answers alike: its refusals and the success fields.
import { ErrorCode, errorMessages } from '@reelcast/protocol/codes';
import { errorBody } from '@reelcast/protocol/http';

/**
 * A staff route's answers: its own on 200, and the refusals every one can give (bad input, no
 * token, not staff, no such machine or player); `conflict` adds 409 for a route a machine's or
 * wallet's state can refuse.
 */
export function staffResponses<T>(answer: T) {
  return { 200: answer, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
}

export function staffResponsesWithConflict<T>(answer: T) {
  return { ...staffResponses(answer), 409: errorBody };
}

/** The head of every staff answer that succeeded. */
export const succeeded = {
  code: ErrorCode.success,
  ErrorMessage: errorMessages[ErrorCode.success]!,
} as const;
