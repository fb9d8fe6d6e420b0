// The most one transfer may move onto a machine, in a module without zod: the transfer schema
// (machine-socket.ts) refuses more, and the player's hot coins and all-in never ask for more.

/** Hundredths: 1,000,000.00 per transfer. A wallet holding more moves it in several. */
export const MAX_TRANSFER_CENTS = 100_000_000;
