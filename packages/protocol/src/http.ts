// HTTP bodies and answers of spec §7. Both the server (route schemas) and the client read these.
import { z } from 'zod';
import { ID_MAX, idText, plainText } from './bounds';
import { PIN_CODE_MARKER } from './log-types';

export const errorBody = z.object({
  ErrorMessage: z.string(),
  code: z.number().int(),
  Params: z.record(z.string(), z.unknown()),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const loginBody = z.object({
  username: plainText(254).trim().min(1),
  password: plainText(256).min(1),
  site_id: z.coerce.number().int().nonnegative().max(ID_MAX).default(0),
  /** a staff account's TOTP code, once it has two-factor on (10706 asks for it) */
  otp: z
    .string()
    .regex(/^\d{6}$/, 'must be the 6 digits the app shows')
    .optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

/** §4 shell preferences a signed-in player keeps from any device (a guest keeps them locally). */
export const layoutSettings = z
  .object({
    /** the lg navbar folded to icons */
    navbarFolded: z.boolean(),
    /** the wallet toggle: balance shown or hidden */
    walletVisible: z.boolean(),
  })
  .strict();
export type LayoutSettings = z.infer<typeof layoutSettings>;

/** §3 User.settings; also the body and answer of PUT /player/settings. */
export const userSettings = z.object({ layout: layoutSettings }).strict();
export type UserSettings = z.infer<typeof userSettings>;

/**
 * What every sign-in answer (login and the token sign-in, /validate) says about the player
 * beyond the token (§3, §6, §7): permission ids, group and type for the navigation's can-see
 * check, and the display name, photo, shortcuts and settings the shell shows.
 */
export const signInUser = z.object({
  Permissions: z.array(z.object({ PermissionId: z.number().int() })),
  Group: z.string(),
  type: z.string(),
  displayName: z.string(),
  photoURL: z.string().nullable(),
  /** navigation item ids */
  shortcuts: z.array(z.string()),
  settings: userSettings,
});
export type SignInUser = z.infer<typeof signInUser>;

/**
 * Both sign-in answers (§7 /login, and the token sign-in /validate, which answers no less): the
 * address of this request, the UI version, and the logon before this sign-in with its address.
 */
export const signInAnswer = z
  .object({
    token: z.string(),
    /** §7 pin_code, kept only as a flag: the server checks the PIN (POST /player/pin/verify) */
    pin_code: z.literal(PIN_CODE_MARKER),
    ip_address: z.string(),
    versions: z.string(),
    last_logon: z.string().nullable(),
    last_logon_ip: z.string().nullable(),
  })
  .extend(signInUser.shape);

export const loginAnswer = signInAnswer;
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const validateAnswer = signInAnswer;
export type ValidateAnswer = z.infer<typeof validateAnswer>;

/**
 * §8 20000: every success answer that carries a code carries this one (with ErrorMessage
 * 'Request successful'); the route's response schema refuses anything else.
 */
export const successCode = z.literal(20000);

export const okAnswer = z.object({ code: successCode, ErrorMessage: z.string() });

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

export const machineIdParams = z.object({ id: idText });

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

/** GET /healthz: 200 once the floor is up (peers: machine video connections open now), else 503. */
export const healthAnswer = z.object({
  status: z.literal('ok'),
  machines: z.number().int(),
  peers: z.number().int(),
  /** machine agents connected on /agent (the agent protocol) */
  agents: z.array(
    z.object({
      id: z.string(),
      pid: z.number().int(),
      cabinets: z.array(z.number().int()),
      connectedAt: z.string(),
    }),
  ),
  /** the media server, when the video goes through one: its publishers running now */
  media: z.object({ publishers: z.number().int() }).nullable(),
});
export const healthStarting = z.object({ status: z.literal('starting') });
