// The lobby's parts a player does not need to act (issue 22, first load): the brands' jackpots and
// the reserve / release buttons. One chunk (./lobby-extras.ts), fetched once the first screen is
// up, with the styles and words it needs. Meanwhile each keeps its place, so nothing below it
// moves when it arrives.
import type { Brand, Machine } from '@reelcast/protocol/http';
import { lazy, Suspense } from 'react';
import { afterFirstScreen, loadAllStyles } from '../../../shared/first-screen';
import { loadAllTranslations } from '../../../shared/i18n';
import { splitJackpots } from '../api/get-brands';

const later = () =>
  afterFirstScreen()
    .then(() => Promise.all([import('./lobby-extras'), loadAllStyles(), loadAllTranslations()]))
    .then(([module]) => module);

const LaterJackpotPanel = lazy(() => later().then((module) => ({ default: module.JackpotPanel })));
const LaterReservationAction = lazy(() =>
  later().then((module) => ({ default: module.ReservationAction })),
);

/**
 * The brands' jackpots (./jackpot-panel.tsx). Until they load, a block as tall as their cards: a
 * label and the top jackpot, and a line of the lower ones when a brand has more than one.
 */
export function JackpotPanel({ brands }: { brands: Brand[] }) {
  const levels = brands.map((brand) => splitJackpots(brand.jackpot).length);
  const placeholder = levels.some((count) => count > 1) ? (
    <div aria-hidden="true" className="skeleton h-[calc(6.25rem+2px)]" />
  ) : levels.some((count) => count > 0) ? (
    <div aria-hidden="true" className="skeleton h-[calc(4.75rem+2px)]" />
  ) : null;
  return (
    <Suspense fallback={placeholder}>
      <LaterJackpotPanel brands={brands} />
    </Suspense>
  );
}

/**
 * Reserve or release under a machine's card (./reservation-action.tsx), shown for an available
 * machine and the player's own reservation; until it loads, the button's height.
 */
export function ReservationAction({ machine }: { machine: Machine }) {
  const shown = machine.reservation?.mine || machine.status === 'available';
  return (
    <Suspense fallback={shown ? <div aria-hidden="true" className="min-h-11" /> : null}>
      <LaterReservationAction machine={machine} />
    </Suspense>
  );
}
