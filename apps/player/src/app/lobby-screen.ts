// The entry of one lazy chunk (app/router.tsx): the lobby page and the shell around it, which a
// signed-in player's first screen needs together (issue 22, first load: one file, not a chain of
// them). The other pages in the shell load the lobby's code with it, a few kB nobody counts.
export { LobbyPage } from '../features/lobby/components/lobby-page';
export { ShellLayout } from './shell-layout';
