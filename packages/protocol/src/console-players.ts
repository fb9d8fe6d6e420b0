// The back office's players (issue #21): search, a player's account as staff see it, ban and
// unban, password and PIN resets, and §6 permissions, group and type. A player's ledger, slot
// sessions, game recall and login log reuse the player's own schemas (wallet.ts, sessions.ts,
// account.ts). Only player accounts (role 'user'): staff accounts are the admin's (console-staff.ts).
import { z } from 'zod';
import { ID_MAX, idText, plainText } from './bounds';
import { staffReason } from './console-floor';
import { successCode } from './http';
import { pageQuery, paginated } from './paging';

export const playerSearchQuery = pageQuery.extend({
  /** part of the username, e-mail, name or last name, or the player's id; none: everyone */
  q: plainText(100).trim().optional(),
  banned: z.enum(['true', 'false']).optional(),
});
export type PlayerSearchQuery = z.infer<typeof playerSearchQuery>;

export const playerSummary = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  lastname: z.string(),
  balance: z.number().int(),
  banned: z.boolean(),
  lastLogon: z.string().nullable(),
});
export type PlayerSummary = z.infer<typeof playerSummary>;
export const playerSearchAnswer = paginated(playerSummary);
export type PlayerSearchAnswer = z.infer<typeof playerSearchAnswer>;

export const playerParams = z.object({ id: idText });

export const playerProfileAnswer = playerSummary.extend({
  code: successCode,
  ErrorMessage: z.string(),
  displayName: z.string().nullable(),
  lastLogonIp: z.string().nullable(),
  createdAt: z.string(),
  /** §6 permission ids (145: the menu) */
  permissions: z.array(z.number().int()),
  group: z.string(),
  type: z.enum(['player', 'operator']),
  ipAllowList: z.array(z.string()),
  pinIsDefault: z.boolean(),
  /** the machines the player holds a slot session on now, with the credits on each */
  openSessions: z.array(
    z.object({ id: z.number().int(), machineId: z.number().int(), credits: z.number().int() }),
  ),
});
export type PlayerProfileAnswer = z.infer<typeof playerProfileAnswer>;

export const playerBanBody = z.object({ banned: z.boolean(), reason: staffReason });
export type PlayerBanBody = z.infer<typeof playerBanBody>;
export const playerBanAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  playerId: z.number().int(),
  banned: z.boolean(),
});

export const playerResetBody = z.object({ reason: staffReason });
/**
 * A password reset answers a new password once (the server keeps only its hash) and signs the
 * player out everywhere; a PIN reset puts back the default PIN the lock's help text names.
 */
export const playerPasswordResetAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  playerId: z.number().int(),
  password: z.string(),
});
export const playerPinResetAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  playerId: z.number().int(),
  pinIsDefault: z.literal(true),
});

/** §6 permissions, group and type: each given one is replaced, the others stay. */
export const playerAccessBody = z
  .object({
    permissions: z.array(z.number().int().min(1).max(ID_MAX)).max(100).optional(),
    group: plainText(60).trim().min(1).optional(),
    type: z.enum(['player', 'operator']).optional(),
    reason: staffReason,
  })
  .refine((b) => b.permissions || b.group || b.type, {
    message: 'give permissions, group or type',
  });
export type PlayerAccessBody = z.infer<typeof playerAccessBody>;
export const playerAccessAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  playerId: z.number().int(),
  permissions: z.array(z.number().int()),
  group: z.string(),
  type: z.enum(['player', 'operator']),
});
