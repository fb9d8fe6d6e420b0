// The entry of one lazy chunk (shell-later.tsx): the parts of the shell a player does not need to
// act on the lobby. A re-export on purpose: each part is used, so nothing is left to tree-shake,
// and one file keeps them one download.
export { AppFooter } from './app-footer';
export { InformationButton } from './information-dialog';
export { LanguageSelect } from './language-select';
export { MobileDrawer } from './mobile-drawer';
export { Navbar } from './navbar';
export { Shortcuts } from './shortcuts';
