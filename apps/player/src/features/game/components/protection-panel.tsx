// Player protection on the game screen, in one place: what the market's rules keep in view (the
// live line, the net position and session time) and the reality check when one is due. The
// dialog is modal, so where it sits in the page does not matter.
import { usePlayRules } from '../api/get-play-rules';
import type { Latency } from '../hooks/use-latency';
import type { useMachineConnection } from '../hooks/use-machine-connection';
import { ProtectionBar } from './protection-bar';
import { RealityCheckDialog } from './reality-check-dialog';

type Props = { game: ReturnType<typeof useMachineConnection>; latency: Latency };

export function ProtectionPanel({ game, latency }: Props) {
  const rules = usePlayRules().data;
  const sessionId = game.session?.id ?? null;
  return (
    <>
      <ProtectionBar
        rules={rules}
        sessionId={sessionId}
        credits={game.machine?.credits ?? null}
        latency={latency}
      />
      {game.realityCheck && (
        <RealityCheckDialog
          check={game.realityCheck}
          sessionId={sessionId}
          onContinued={game.dismissRealityCheck}
          onLeave={game.leave}
        />
      )}
    </>
  );
}
