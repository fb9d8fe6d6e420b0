// The staff API for the floor: hand pay reset and machine faults (door, tilt, offline).
import { z } from 'zod';

export const handPayResetBody = z.object({ machineId: z.coerce.number().int().positive() });
export type HandPayResetBody = z.infer<typeof handPayResetBody>;

export const handPayResetAnswer = z.object({
  code: z.number().int(),
  ErrorMessage: z.string(),
  machineId: z.number().int(),
  sessionId: z.number().int(),
  playerId: z.number().int(),
  /** hundredths credited to the player's wallet (ledger type 5) */
  amount: z.number().int(),
  balance: z.number().int(),
});
export type HandPayResetAnswer = z.infer<typeof handPayResetAnswer>;

export const machineFaultKinds = ['door', 'tilt', 'offline'] as const;

export const machineFaultBody = z.object({
  machineId: z.coerce.number().int().positive(),
  fault: z.enum(machineFaultKinds),
  active: z.boolean(),
});
export type MachineFaultBody = z.infer<typeof machineFaultBody>;

export const machineFaultAnswer = z.object({
  code: z.number().int(),
  ErrorMessage: z.string(),
  machineId: z.number().int(),
  /** the machine's state after the change: idle, spinning, handpay, fault or offline */
  machineStatus: z.string(),
});
export type MachineFaultAnswer = z.infer<typeof machineFaultAnswer>;
