// Player protection on the game screen: the reality check the server sends (18831) and the
// refusals of a press or touch that the player must hear of: a reality check still unanswered
// (40234, which shows the check again), and the market's play rules (40232 too soon, 40233 no
// autoplay). Other refusals of an input stay silent, as before.
import { ErrorCode, InfoCode } from '@reelcast/protocol/codes';
import type { Ack, InfoNotification } from '@reelcast/protocol/machine-socket';
import { useCallback, useState } from 'react';
import { i18n, translateCode } from '../../../shared/i18n';
import { toast } from '../../../shared/ui/toast';
import type { MachineConnectionHandlers } from '../api/machine-connection';
import { isAckError } from '../api/machine-socket';
import { type GameScreen, screenHandlers } from './screen-handlers';

/** What the reality check shows: minutes played, the session's and the day's net result. */
export type RealityCheck = { minutes: number; sessionNet: number; dayNet: number };

/** The reality check waiting for Continue or Leave, and how to show and dismiss it. */
export function useRealityCheck() {
  const [realityCheck, show] = useState<RealityCheck | null>(null);
  const dismissRealityCheck = useCallback(() => show(null), []);
  return { show, state: { realityCheck, dismissRealityCheck } };
}

const playRuleToastId = 'play-rule';

function checkOf(params: Record<string, unknown>): RealityCheck {
  const number = (key: string) => (typeof params[key] === 'number' ? (params[key] as number) : 0);
  return { minutes: number('minutes'), sessionNet: number('sessionNet'), dayNet: number('dayNet') };
}

/** The reality check in an info notification, or null for any other notice. */
export function realityCheckOf(info: InfoNotification): RealityCheck | null {
  return info.code === InfoCode.realityCheck ? checkOf(info.params) : null;
}

/** Says why an input was refused when the player can do something about it. */
export function sayInputRefusal(
  ack: Ack<Record<string, unknown>> | undefined,
  showCheck: (check: RealityCheck) => void,
): void {
  if (!ack || !isAckError(ack)) return;
  if (ack.code === ErrorCode.realityCheckPending) {
    showCheck(checkOf(ack.Params));
  } else if (
    ack.code === ErrorCode.gameCycleTooShort ||
    ack.code === ErrorCode.autoplayNotAllowed
  ) {
    // One toast in place however fast the player taps.
    toast.error(translateCode(i18n.t, 'errors', ack.code, ack.ErrorMessage, ack.Params), {
      id: playRuleToastId,
    });
  }
}

/** The screen's handlers, with the reality check shown as the dialog instead of a toast. */
export function withRealityCheck(
  showCheck: (check: RealityCheck) => void,
  screen: GameScreen,
): MachineConnectionHandlers {
  const handlers = screenHandlers(screen);
  return {
    ...handlers,
    onInfo: (info) => {
      const check = realityCheckOf(info);
      if (check) showCheck(check);
      else handlers.onInfo(info);
    },
  };
}
