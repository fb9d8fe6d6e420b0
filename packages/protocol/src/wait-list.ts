// The wait list of a busy machine (issue #18). A player joins the queue of a machine someone else
// holds, sees their place live (`wait-list` on /notice), and when the machine frees the first in
// line gets a ready prompt: the seat is held for them (others see it reserved) for
// WAIT_LIST_READY_SECONDS; they sit down with init as usual, else the next in line gets it.
// One wait list per player at a time: joining another leaves the first. Signing out, or no
// /notice tab for WAIT_LIST_AWAY_SECONDS, leaves it too.
//
// - POST /player/wait-list {machineId}: join (or read one's place again); 40927 when the machine
//   is free for the player, 40928 when they are seated at it.
// - POST /player/wait-list/leave (no body): leave; answers the machine left, or null.
// - GET /player/wait-list: the player's place, or null.
import { z } from 'zod';
import { id } from './bounds';
import { successCode } from './http';

export const waitListJoinBody = z.object({ machineId: id });
export type WaitListJoinBody = z.infer<typeof waitListJoinBody>;

/**
 * A player's place: waiting (place 1 is next), or ready (the machine is held for them until
 * expiresAt). `left` is only pushed: why the player is no longer in it.
 */
export const waitListPlace = z.object({
  machineId: z.number().int(),
  state: z.enum(['waiting', 'ready']),
  /** 1 for the first in line */
  place: z.number().int().positive(),
  /** players in the machine's wait list now */
  size: z.number().int().positive(),
  /** ISO time the ready prompt ends; only when ready */
  expiresAt: z.string().optional(),
});
export type WaitListPlace = z.infer<typeof waitListPlace>;

export const waitListAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  entry: waitListPlace.nullable(),
});
export type WaitListAnswer = z.infer<typeof waitListAnswer>;

export const waitListLeaveAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  /** the machine whose wait list the player left, null when in none */
  machineId: z.number().int().nullable(),
});
export type WaitListLeaveAnswer = z.infer<typeof waitListLeaveAnswer>;

/** Why a player is out of a wait list (pushed with state `left`). */
export const waitListLeftReason = z.enum([
  /** they sat down at the machine */
  'seated',
  /** they left it, or joined another */
  'left',
  /** the ready prompt ran out: the next in line has the machine */
  'missed',
  /** no /notice tab for WAIT_LIST_AWAY_SECONDS, or signed out */
  'away',
]);
export type WaitListLeftReason = z.infer<typeof waitListLeftReason>;

/** Pushed on /notice to the player on every change of their place. */
export const waitListNotice = z.union([
  waitListPlace,
  z.object({
    machineId: z.number().int(),
    state: z.literal('left'),
    reason: waitListLeftReason,
  }),
]);
export type WaitListNotice = z.infer<typeof waitListNotice>;

export const WAIT_LIST_NOTICE_EVENT = 'wait-list';
