// The package entry: the simulated EGM, its games and maths, and its screen.

export { ATTRACT_AFTER_MS } from './attract';
export {
  DEFAULT_HAND_PAY_LIMIT,
  Egm,
  type EgmOptions,
  EgmUnavailableError,
  RECALL_GAMES,
  type SpinInProgress,
} from './egm';
export {
  type EgmEvents,
  type EgmState,
  type EgmStatus,
  type GameEndedEvent,
  type GameRecord,
  type GameStartedEvent,
  type HandPayPendingEvent,
  type Meters,
  type ProgressiveWinEvent,
  sasExceptionCodes,
  type TransferCompleteEvent,
} from './egm-events';
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
  payEngineFor,
  type ScatterRule,
  type ScatterWin,
  type SpinOutcome,
  validateGame,
} from './game';
export { classicGame, classicSingleLineGame, games, gemGame, videoGame } from './games';
export {
  type Button,
  buttonLayout,
  buttonLayoutOf,
  buttonPixels,
  hitTest,
  type LayoutGeometry,
  layoutGeometry,
  type Rect,
  type ScreenLayout,
  screenLayouts,
} from './layout';
export { defaultLookOf, type Look, lookFor, looks } from './looks';
export { formatMoney } from './money';
export { computeParSheet, designRtp, type ParSheet, type RuleContribution } from './parsheet';
export { drawStops, type PayEngine, scoreStops } from './pay-engine';
export { createCryptoRng, cryptoRng, type Rng, seededRng, uniformRng } from './rng';
export { createScreen, type Screen, type ScreenOptions } from './screen';
export { playSpins, type SpinStatistics, spinStatistics } from './simulate';
