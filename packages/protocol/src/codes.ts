// Error and info codes of spec §8, and their default English texts. The client translates by
// code and falls back to the server's ErrorMessage.

export const ErrorCode = {
  signatureNotVerified: 10,
  success: 20000,
  invalidRequest: 40000,
  oldPasswordWrong: 40001,
  passwordTooShort: 40101,
  unauthorized: 40100,
  forbidden: 40300,
  /** a browser page from an origin the server does not allow (ALLOWED_ORIGINS) */
  originNotAllowed: 40301,
  notFound: 40400,
  rateLimited: 42900,
  insufficientFunds: 40200,
  claimTooSoon: 40210,
  claimBalanceTooHigh: 40211,
  claimNothingToPay: 40212,
  bonusAlreadyClaimed: 40213,
  withdrawOverBalance: 40214,
  claimCreditsOnMachine: 40215,
  /** §9 ZERO_BALANCE_PLAY off: no money in the wallet and no credits on the machine to play */
  zeroBalanceJoin: 40216,
  machineBusy: 40900,
  machineUnavailable: 40901,
  machineReserved: 40921,
  noOpenSession: 40922,
  notReservable: 40923,
  /** §9 WEBCAM off: camera-type machines cannot be joined */
  cameraVideoOff: 40924,
  /** the player already holds MAX_SEATS_PER_PLAYER machines */
  seatLimit: 40925,
  /** SPECTATORS_PER_MACHINE viewers already watch the machine */
  spectatorsFull: 40926,
  /** the wait list of a machine that is free (or the player's own): sit down instead */
  waitListNotNeeded: 40927,
  /** watching or queueing for the machine the player is seated at: the game screen is theirs */
  ownSeat: 40928,
  /** a spectator's socket sent an input, money or layout event: watching is all it may do */
  spectatorOnly: 40302,
  /** player protection: a deposit or Cash In would pass a deposit, cash-in or net-loss limit */
  limitReached: 40230,
  /** player protection: the session-time limit is reached (join refused, or the session ends) */
  sessionTimeLimit: 40231,
  /** JURISDICTION's minimum game cycle: a spin sooner after the last game's start is refused */
  gameCycleTooShort: 40232,
  /** JURISDICTION forbids autoplay */
  autoplayNotAllowed: 40233,
  /** a reality check is waiting for the player's answer: no press until then */
  realityCheckPending: 40234,
  noHandPay: 40930,
  sessionTerminated: 50100,
  internal: 50000,
  /** the server is draining for a restart (SIGTERM): no new seat, transfer or game until it is back */
  serverRestarting: 50300,
  pipelineFailed: 70000,
  wrongCredentialsCounted: 10700,
  wrongCredentials: 10701,
  accountProtected: 10702,
  ipNotPermitted: 10703,
  banned: 10704,
  /** a time-out or self-exclusion is running: no sign-in until it ends */
  accountClosed: 10705,
  /** a staff account with two-factor on signed in without its code (the password was right) */
  twoFactorRequired: 10706,
  /** the two-factor code was wrong or already used; counted like a wrong password */
  twoFactorWrong: 10707,
  /** a hand pay above HAND_PAY_APPROVAL_ABOVE: the approver must not be who asked for it */
  secondApproverRequired: 40931,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const InfoCode = {
  depositWarning: 18800,
  terminating: 18801,
  continueWarning: 18802,
  /** QUIT_REQUEST after the player kicked their own session from another screen (§7 kick) */
  removed: 18810,
  /** pushed to every socket just before a restart closes it: the slot session and credits stay */
  serverRestarting: 18820,
  /** the session-time limit ends this session in a few minutes */
  sessionTimeWarning: 18830,
  /** the reality check the player asked for: the game waits for Continue or Leave */
  realityCheck: 18831,
} as const;
export type InfoCode = (typeof InfoCode)[keyof typeof InfoCode];

export const errorMessages: Record<number, string> = {
  10: "Signature doesn't verified",
  20000: 'Request successful',
  40000: 'Invalid request',
  40001: 'Old password is wrong',
  40100: 'Invalid access_token',
  40101: 'Password is too short',
  40200: 'Insufficient balance',
  // §5: the text says 5 minutes, the check is 30 s (CLAIM_REPEAT_GUARD_MS).
  40210: 'You can use discount only once per 5 minutes',
  40211: 'Your balance must be below {amount}',
  40212: 'Nothing to claim right now',
  40213: 'Bonus already claimed for this period, next one after {next}',
  40214: 'The withdrawal is more than the wallet balance {balance}',
  40215: 'Cash out the credits on the machine first, then claim the discount',
  40216: 'Your wallet is empty and there are no credits on this machine: add funds to play',
  40300: 'Not permitted for this account',
  40301: 'This site is not allowed to use the server',
  40400: 'Not found',
  40900: 'Machine is being played by another player',
  40901: 'The machine cannot take or pay credits right now (hand pay or fault); your money is safe',
  40921: 'This machine is reserved by another player',
  40922: 'You have no open session on this machine',
  40923: 'Only an available machine can be reserved',
  40924: 'Camera video is turned off, so this machine cannot be played now; choose another machine',
  40925: 'You are already playing another machine: leave it before you sit down here',
  40926: 'This machine already has {max} viewers: try again later',
  40927: 'No need to wait: this machine is free for you now',
  40928: 'You are seated at this machine: open it from the lobby to play',
  40302: 'You are watching this machine: spectators cannot play or move money',
  40930: 'No hand pay is pending on this machine',
  40230: 'Your {period} limit of {amount} is reached: {left} left',
  40231:
    'Your {period} play-time limit of {minutes} minutes is reached: play again when it resets; any credits are back in your wallet',
  40232: 'A game lasts at least {seconds} seconds here: wait a moment before the next spin',
  40233: 'Autoplay is not offered here',
  40234: 'Answer the reality check first: continue or leave',
  42900: 'Too many requests, please wait and try again',
  50000: 'Internal error, please try again',
  50100: 'Session terminated, transaction cannot be processed',
  50300: 'The server is restarting: your credits are safe; try again in a minute',
  70000: 'Failed to start pipeline, contact technical team',
  10700:
    'Wrong username or password, remaining attempts {left_count}, block time {block_time} minutes',
  10701: 'Username or password is wrong',
  10702: 'Account protected due to too many false attempts',
  10703: 'IP not permitted',
  10704: 'Banned',
  10706: 'Enter the code from your authenticator app',
  10707: 'The authenticator code is wrong',
  40931: 'A different supervisor must approve this hand pay',
  // Issue #20 names 10705 for a time-out or self-exclusion; other sign-in refusals need others.
  10705: 'Your account is closed to play until {date}',
  18800: 'You have {count} seconds left to deposit funds',
  18801: 'Your session is being terminated',
  18802: 'You have {count} seconds left to continue',
  18810: 'You were removed from the game: your session was taken over from another screen',
  18820: 'The server is restarting: your credits are safe and your game will be back in a minute',
  18830: 'Your {period} play-time limit ends this session in {minutes} minutes',
  18831: 'Reality check: you have played for {minutes} minutes',
};

/** Fills `{name}` placeholders from params; unknown placeholders stay as written. */
export function formatMessage(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in params ? String(params[key]) : whole,
  );
}
