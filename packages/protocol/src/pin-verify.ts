// POST /player/pin/verify: the idle lock asks the server whether the typed PIN is right. The PIN
// itself never leaves the server in any form; wrong ones are counted, and the PIN_ATTEMPTS-th in
// a row ends the sign-in.
import { z } from 'zod';
import { successCode } from './http';
import { PIN_PATTERN } from './log-types';

export { PIN_ATTEMPTS, PIN_CODE_MARKER } from './log-types';

export const pinVerifyBody = z.object({
  pin: z.string().regex(PIN_PATTERN, 'PIN must be 4 to 6 digits'),
});
export type PinVerifyBody = z.infer<typeof pinVerifyBody>;

export const pinVerifyAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  /** the PIN is right: unlock */
  valid: z.boolean(),
  /** wrong PINs still allowed before the sign-in ends (PIN_ATTEMPTS after a right one) */
  attempts_left: z.number().int().min(0),
  /** too many wrong PINs: the sign-in is over and its token revoked */
  signed_out: z.boolean(),
});
export type PinVerifyAnswer = z.infer<typeof pinVerifyAnswer>;
