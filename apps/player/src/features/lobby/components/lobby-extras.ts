// The entry of one lazy chunk (lobby-later.tsx): the lobby's parts a player does not need to act.
// A re-export on purpose, as app/shell-extras.ts: each part is used, and one file keeps them one
// download.
export { JackpotPanel } from './jackpot-panel';
export { ReservationAction } from './reservation-action';
