// The shell's parts the player does not need to act on the lobby (issue 22, first load): the side
// navigation (the lg navbar and the drawer below lg), the header's shortcuts, information and
// language buttons, and the footer. One chunk, fetched once the first screen is up, or sooner when
// the player reaches for the menu button (app-header.tsx), with the styles and words it needs.
import { lazy } from 'react';
import { afterFirstScreen, loadAllStyles } from '../shared/first-screen';
import { loadAllTranslations } from '../shared/i18n';

type Extras = typeof import('./shell-extras');

let extras: Promise<Extras> | undefined;
let wanted: () => void = () => {};
const wantedSooner = new Promise<void>((resolve) => {
  wanted = resolve;
});

/** Fetches the chunk now rather than after the first screen (the menu button, pointed at). */
export function loadShellExtras(): Promise<Extras> {
  wanted();
  extras ??= Promise.all([import('./shell-extras'), loadAllStyles(), loadAllTranslations()]).then(
    ([module]) => module,
  );
  return extras;
}

const later = () => Promise.race([afterFirstScreen(), wantedSooner]).then(loadShellExtras);

export const Navbar = lazy(() => later().then((module) => ({ default: module.Navbar })));
export const AppFooter = lazy(() => later().then((module) => ({ default: module.AppFooter })));
export const Shortcuts = lazy(() => later().then((module) => ({ default: module.Shortcuts })));
export const LanguageSelect = lazy(() =>
  later().then((module) => ({ default: module.LanguageSelect })),
);
export const InformationButton = lazy(() =>
  later().then((module) => ({ default: module.InformationButton })),
);
export const MobileDrawer = lazy(() =>
  later().then((module) => ({ default: module.MobileDrawer })),
);
