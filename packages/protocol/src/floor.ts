// The staff API for the floor: hand pay reset and machine faults (door, tilt, offline).
import { z } from 'zod';
import { id, idText } from './bounds';
import { successCode } from './http';

export const handPayResetBody = z.object({ machineId: id });
export type HandPayResetBody = z.infer<typeof handPayResetBody>;

export const handPayResetAnswer = z.object({
  code: successCode,
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
  machineId: id,
  fault: z.enum(machineFaultKinds),
  active: z.boolean(),
});
export type MachineFaultBody = z.infer<typeof machineFaultBody>;

/** Staff mark a machine's video broken or mended (its renderer or encoder): §8 70000 on start. */
export const videoFaultBody = z.object({
  machineId: id,
  active: z.boolean(),
});
export type VideoFaultBody = z.infer<typeof videoFaultBody>;

export const videoFaultAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  machineId: z.number().int(),
  active: z.boolean(),
});

export const machineFaultAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  machineId: z.number().int(),
  /** the machine's state after the change: idle, spinning, handpay, fault or offline */
  machineStatus: z.string(),
});
export type MachineFaultAnswer = z.infer<typeof machineFaultAnswer>;

const meter = z.number().int().nonnegative();

/**
 * A machine's SAS meters (money in hundredths, games as counts), as the cabinet keeps them. They
 * reconcile with the ledger: Σ Cash In − (Σ Cash Out + Σ Hand Pay) for the machine =
 * coinIn − coinOut − handPaid + currentCredits.
 */
export const machineMeters = z.object({
  coinIn: meter,
  coinOut: meter,
  /** wins at or over the hand-pay limit, counted when they lock the machine */
  jackpot: meter,
  handPaid: meter,
  currentCredits: meter,
  gamesPlayed: meter,
  gamesWon: meter,
  transferredIn: meter,
  transferredOut: meter,
  /** progressive awards, however paid (also in coinOut or jackpot) */
  progressive: meter,
});
export type MachineMeters = z.infer<typeof machineMeters>;

/** A new cabinet's meters: all zero. */
export const zeroMeters: MachineMeters = {
  coinIn: 0,
  coinOut: 0,
  jackpot: 0,
  handPaid: 0,
  currentCredits: 0,
  gamesPlayed: 0,
  gamesWon: 0,
  transferredIn: 0,
  transferredOut: 0,
  progressive: 0,
};

export const machineMetersParams = z.object({ id: idText });

export const machineMetersAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  machineId: z.number().int(),
  meters: machineMeters,
  /** the same money as the ledger records it for this machine, to reconcile against */
  ledger: z.object({ cashIn: meter, cashOut: meter, handPay: meter }),
});
export type MachineMetersAnswer = z.infer<typeof machineMetersAnswer>;

// The floor file: every brand and machine of the floor, with its game and pictures, in one
// versioned JSON file the server seeds from (apps/server/floor/floor.json by default, FLOOR_FILE
// for an operator's own). Game ids are checked by the server, which knows the game library.

/** Where the player app serves pictures from: a path under /images/ or an https address. */
const floorImage = z
  .string()
  .max(2048)
  .regex(/^(?:\/images\/[\w./-]+|https:\/\/[^\s"'<>]+)$/, 'must be /images/… or an https address');

export const machineVideoTypes = ['screen', 'camera'] as const;
export type MachineVideoType = (typeof machineVideoTypes)[number];

export const floorBrand = z.strictObject({
  name: z.string().trim().min(1).max(60),
  image: floorImage,
});

export const floorMachine = z.strictObject({
  name: z.string().trim().min(1).max(60),
  /** a brand's name from the same file */
  brand: z.string().min(1).max(60),
  /** a game id of the game library (packages/egm games) */
  game: z.string().min(1).max(64),
  image: floorImage,
  /** 'screen': the cabinet's own screen feed; 'camera': a camera in front of the cabinet */
  videoType: z.enum(machineVideoTypes).default('screen'),
  /** the screen's look (packages/egm looks); none: the game's own. Checked by the server. */
  look: z.string().min(1).max(64).optional(),
  /** the name on the screen's title plate; none: the machine's name */
  title: z.string().trim().min(1).max(60).optional(),
});

/**
 * `version` is the floor's revision: the server records each revision it has loaded, and a file
 * with a higher one adds the brands and machines it does not have yet (matched by name), leaving
 * every existing one as it is.
 */
export const floorFileSchema = z
  .strictObject({
    version: z.number().int().positive(),
    brands: z.array(floorBrand).min(1),
    machines: z.array(floorMachine).min(1),
  })
  .superRefine((floor, ctx) => {
    const brandNames = new Set<string>();
    floor.brands.forEach((b, i) => {
      if (brandNames.has(b.name)) {
        ctx.addIssue({ code: 'custom', path: ['brands', i, 'name'], message: `"${b.name}" twice` });
      }
      brandNames.add(b.name);
    });
    const machineNames = new Set<string>();
    floor.machines.forEach((m, i) => {
      if (machineNames.has(m.name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['machines', i, 'name'],
          message: `"${m.name}" twice`,
        });
      }
      machineNames.add(m.name);
      if (!brandNames.has(m.brand)) {
        ctx.addIssue({
          code: 'custom',
          path: ['machines', i, 'brand'],
          message: `"${m.brand}" is not one of the file's brands`,
        });
      }
    });
  });
export type FloorFile = z.infer<typeof floorFileSchema>;
export type FloorFileInput = z.input<typeof floorFileSchema>;
