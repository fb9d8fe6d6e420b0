// HTTP bodies and answers of spec §7. Both the server (route schemas) and the client read these.
import { z } from 'zod';

export const errorBody = z.object({
  ErrorMessage: z.string(),
  code: z.number().int(),
  Params: z.record(z.string(), z.unknown()),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const loginBody = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(256),
  site_id: z.coerce.number().int().nonnegative().default(0),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginAnswer = z.object({
  token: z.string(),
  pin_code: z.string(),
  ip_address: z.string(),
  versions: z.string(),
  last_logon: z.string().nullable(),
  last_logon_ip: z.string().nullable(),
});
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const validateAnswer = z.object({ token: z.string(), pin_code: z.string() });
export type ValidateAnswer = z.infer<typeof validateAnswer>;

export const okAnswer = z.object({ code: z.number().int(), ErrorMessage: z.string() });

export const balanceAnswer = z.object({
  /** hundredths of the currency */
  balance: z.number().int(),
});
export type BalanceAnswer = z.infer<typeof balanceAnswer>;

export const machineStatus = z.enum([
  'playing',
  'available',
  'waiting',
  'reserved',
  'not_available',
]);
export type MachineStatus = z.infer<typeof machineStatus>;

/** A machine's reservation (§3): when it lapses, and whether it is the asking player's own. */
export const machineReservation = z.object({ expiresAt: z.string(), mine: z.boolean() });
export type MachineReservation = z.infer<typeof machineReservation>;

export const machine = z.object({
  id: z.number().int(),
  name: z.string(),
  status: machineStatus,
  image: z.string().nullable(),
  brand: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  reservation: machineReservation.nullable(),
  videoType: z.enum(['screen', 'camera']),
  game: z.string(),
});
export type Machine = z.infer<typeof machine>;
export const machineList = z.array(machine);

export const brand = z.object({
  id: z.number().int(),
  name: z.string(),
  /** comma-separated jackpot values in hundredths, highest level first; split by the client (§3) */
  jackpot: z.string(),
  machineCount: z.number().int().default(0),
  image: z.string().nullable(),
});
export type Brand = z.infer<typeof brand>;
export const brandList = z.array(brand);

export const machineIdParams = z.object({ id: z.coerce.number().int().positive() });

/** Claims carried in the access token (§3 User: token contents). */
export const tokenClaims = z.object({
  sub: z.string(),
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
  role: z.string(),
  exp: z.number(),
  iat: z.number().optional(),
  jti: z.string(),
});
export type TokenClaims = z.infer<typeof tokenClaims>;
