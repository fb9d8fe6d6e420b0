// The entry of one lazy chunk (router.tsx, signed-in.tsx): what a signed-in player's first screen
// does without until it is up (issue 22, first load). A re-export on purpose, as shell-extras.ts:
// each part is used, and one file keeps them one download.
export { IdleWatch } from '../features/lock/components/idle-watch';
export { ClaimButtons } from '../features/wallet/components/claim-buttons';
export { NoticeConnection } from './notice-connection';
