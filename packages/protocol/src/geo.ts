// The §1 IP check: GET /check, one level above the API base (§7). Always answered with HTTP 200
// when the server could decide; `status` says whether the address may play.
import { z } from 'zod';

export const CHECK_PATH = '/check';

export const checkAnswer = z.object({
  /** true: the country is permitted (code 20000); false: it is not (code 10703) */
  status: z.boolean(),
  code: z.number().int(),
  /** the address the server saw */
  ip: z.string(),
  /** ISO 3166-1 alpha-2 code; '' when the address cannot be located */
  country: z.string(),
});
export type CheckAnswer = z.infer<typeof checkAnswer>;
