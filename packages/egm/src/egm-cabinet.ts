// The machine's money and its locks: transfers on and off the credit meter (AFT), their undoing
// and the restore after a host restart, progressive awards, hand pays, the door and tilts.
import { EgmBase, EgmUnavailableError, isMoney } from './egm-base';
import type { Meters } from './egm-events';

export class EgmCabinet extends EgmBase {
  /**
   * An electronic transfer onto the credit meter (AFT to the machine). Throws RangeError for a bad
   * amount and EgmUnavailableError while a hand pay is pending or the machine is faulted.
   */
  transferIn(amount: number): void {
    if (!Number.isSafeInteger(amount) || amount <= 0)
      throw new RangeError(
        `transfer amount must be a positive integer of hundredths, got ${amount}`,
      );
    if (this.locked) throw new EgmUnavailableError(this.status);
    if (!Number.isSafeInteger(this.credits + amount)) throw new RangeError('credit meter overflow');
    this.activeAt = this.clock();
    this.credits += amount;
    this.counted.transferredIn += amount;
    this.emit('transfer-complete', { direction: 'to-machine', amount });
    this.emitChange();
  }

  /**
   * Takes every credit off the machine (AFT to the host) and returns the amount; 0 when there is
   * nothing, while a game is under way and while a hand pay is pending. Works while faulted.
   */
  cashOut(): number {
    if (this.pending || this.handPay > 0 || this.credits === 0) return 0;
    const amount = this.credits;
    this.activeAt = this.clock();
    this.credits = 0;
    this.autoplay = false;
    this.counted.transferredOut += amount;
    this.emit('transfer-complete', { direction: 'to-host', amount });
    this.emitChange();
    return amount;
  }

  /**
   * Awards a progressive jackpot (the host decides when): onto the credit meter, or, at or over
   * the hand-pay limit, as a hand pay that locks the machine. Returns which.
   */
  awardProgressive(amount: number, level: string | null = null): 'credited' | 'hand-pay' {
    if (!Number.isSafeInteger(amount) || amount <= 0)
      throw new RangeError(`progressive award must be a positive integer, got ${amount}`);
    const handPay = amount >= this.handPayLimit;
    this.counted.progressive += amount;
    if (handPay) this.lockForHandPay(amount);
    else this.creditWin(amount);
    this.emit('progressive-win', { amount, level, handPay });
    if (handPay) this.emit('hand-pay-pending', { amount, source: 'progressive' });
    this.emitChange();
    return handPay ? 'hand-pay' : 'credited';
  }

  /**
   * Loads the machine's NVRAM as another host last saved it (that host ran the machine meanwhile,
   * issue #19): the counted meters are those, the credit meter and any hand pay are empty until the
   * open session's are restored. Throws EgmUnavailableError while a game is under way.
   */
  reloadMeters(meters: Partial<Omit<Meters, 'currentCredits'>>): void {
    if (this.pending) throw new EgmUnavailableError(this.status);
    for (const [name, value] of Object.entries(meters))
      if (!isMoney(value)) throw new RangeError(`invalid meter ${name} ${value}`);
    for (const name of Object.keys(this.counted) as (keyof typeof this.counted)[])
      this.counted[name] = meters[name] ?? 0;
    this.credits = 0;
    this.handPay = 0;
    this.win = 0;
    this.autoplay = false;
    this.emitChange();
  }

  /**
   * Puts back a hand pay that was pending when the host stopped (its record survived, the machine
   * in memory did not). Afterwards jackpot − handPaid is the hand pay pending, as at the lock.
   */
  restoreHandPay(amount: number): void {
    if (!isMoney(amount) || amount <= 0) throw new RangeError(`invalid hand pay ${amount}`);
    // Restored meters (opts.meters) already count a hand pay that was pending when they were
    // saved: jackpot − handPaid runs ahead of what is pending by it. Counting it again would
    // double the jackpot meter; with no saved meters the whole amount is counted, as at the lock.
    const alreadyCounted = this.counted.jackpot - this.counted.handPaid - this.handPay;
    this.lockForHandPay(amount);
    this.counted.jackpot -= Math.min(amount, Math.max(0, alreadyCounted));
    this.emitChange();
  }

  /**
   * Puts back the credit meter a host restart lost (a cabinet keeps it in NVRAM): the money came
   * onto the machine by transfers the restored meters already count, so this is no transfer: no
   * transfer meter moves and no transfer event is raised. Refused while a game is under way.
   */
  restoreCredits(amount: number): void {
    if (!isMoney(amount)) throw new RangeError(`invalid credits ${amount}`);
    if (this.pending) throw new EgmUnavailableError(this.status);
    this.credits = amount;
    this.emitChange();
  }

  /**
   * The host could not take a cash-out (its wallet refused the posting): the transfer to the host
   * is undone, as an AFT that was never committed — the credits are back on the meter and the
   * transfer meter no longer counts them. Works while faulted: the credits were never the host's.
   */
  cancelCashOut(amount: number): void {
    if (!isMoney(amount) || amount === 0 || amount > this.counted.transferredOut)
      throw new RangeError(`invalid cash-out to cancel ${amount}`);
    this.credits += amount;
    this.counted.transferredOut -= amount;
    this.emitChange();
  }

  /**
   * The host could not record a transfer it made (its transaction failed): undone as an AFT that
   * was never committed — off the credit meter, and the transfer meter no longer counts it.
   */
  cancelTransferIn(amount: number): void {
    if (!isMoney(amount) || amount === 0 || amount > this.credits)
      throw new RangeError(`invalid transfer to cancel ${amount}`);
    this.credits -= amount;
    this.counted.transferredIn -= amount;
    this.emitChange();
  }

  /**
   * An attendant has paid the pending hand pay: unlocks the machine and returns the amount (the
   * server credits the player's wallet with it, ledger type 5); 0 when none was pending.
   */
  resetHandPay(): number {
    const amount = this.handPay;
    if (amount === 0) return 0;
    this.handPay = 0;
    this.counted.handPaid += amount;
    this.emit('hand-pay-reset', { amount });
    this.emitChange();
    return amount;
  }

  /** Opens or closes the main door; true when that changed something. Open is a fault. */
  setDoor(open: boolean): boolean {
    if (open === this.doorOpen) return false;
    this.doorOpen = open;
    if (open) this.autoplay = false;
    this.emit(open ? 'door-open' : 'door-closed');
    this.emitChange();
    return true;
  }

  /** Tilts the machine (a fault) for `reason`, replacing any earlier reason. */
  tilt(reason: string): void {
    if (typeof reason !== 'string' || reason.trim() === '')
      throw new RangeError('a tilt needs a reason');
    this.tiltReason = reason;
    this.autoplay = false;
    this.emit('tilt', { reason });
    this.emitChange();
  }

  /** Clears a tilt; false when the machine was not tilted. */
  clearTilt(): boolean {
    const reason = this.tiltReason;
    if (reason === null) return false;
    this.tiltReason = null;
    this.emit('tilt-cleared', { reason });
    this.emitChange();
    return true;
  }
}
