// The package entry: the simulated EGM, its games and maths, and its screen.
export {
  Egm,
  type EgmEvents,
  type EgmOptions,
  type EgmState,
  type GameEndedEvent,
  type GameStartedEvent,
  type Meters,
  type SpinInProgress,
} from './egm';
export {
  FRAME_STAMP,
  type FrameStamp,
  readFrameStamp,
  stampBits,
  writeFrameStamp,
} from './frame-stamp';
export {
  evaluate,
  type GameDefinition,
  gridFor,
  type LineWin,
  type PayRule,
  type SpinOutcome,
  validateGame,
} from './game';
export { classicGame, classicSingleLineGame, games } from './games';
export { type Button, buttonLayout, buttonPixels, hitTest, type Rect } from './layout';
export { formatMoney } from './money';
export { computeParSheet, type ParSheet } from './parsheet';
export { cryptoRng, type Rng } from './rng';
export { createScreen, type Screen } from './screen';
