// The game screen (§2 /game/:gameId/:name): the live machine fills the screen, the controls sit
// under the thumbs (below in portrait, beside in landscape). No shell chrome here.

import type { MachineButton, MachineLayout } from '@reelcast/protocol/machine-socket';
import { HandCoins, WifiOff } from 'lucide-react';
import { type ComponentProps, type ReactNode, useEffect } from 'react';
import { useBalance } from '../../../shared/api/get-balance';
import { useTranslation } from '../../../shared/i18n';
import { Navigate, useParams } from '../../../shared/router';
import { useSettings } from '../../../shared/settings';
import { useMachine } from '../api/get-machine';
import { useClickSound } from '../hooks/use-click-sound';
import { useGameActions } from '../hooks/use-game-actions';
import { useLatency } from '../hooks/use-latency';
import { useMachineConnection } from '../hooks/use-machine-connection';
import { usePortrait } from '../hooks/use-portrait';
import { useGameControls } from '../stores/game-store';
import { EmptyWalletNotice } from './empty-wallet-notice';
import { GameBar } from './game-bar';
import { GameControls } from './game-controls';
import { HotCoins } from './hot-coins';
import { MachineButtons } from './machine-buttons';
import { MachineMeters } from './machine-meters';
import { MachineVideo } from './machine-video';
import { ProtectionPanel } from './protection-panel';

type GamePageProps = {
  /** The wallet's discount and bonus claims (§2), passed in by the app: features stay apart. */
  claims?: ReactNode;
};

export function GamePage({ claims }: GamePageProps = {}) {
  const { gameId, name } = useParams<{ gameId: string; name: string }>();
  const machineId = Number(gameId);
  if (!Number.isInteger(machineId) || machineId <= 0) return <Navigate to="/lobby" replace />;
  // Keyed so that moving to another machine starts a fresh connection and fresh state.
  return <GameScreen key={machineId} machineId={machineId} name={name ?? ''} claims={claims} />;
}

/**
 * Rotation and cut screen on a phone held upright show the machine's portrait layout (a camera
 * has only the one picture); the connection asks the machine for it.
 */
function useGameLayout(videoType: 'screen' | 'camera', setLayout: (layout: MachineLayout) => void) {
  const { rotated, cutScreen } = useGameControls();
  const portraitViewport = usePortrait();
  const layout: MachineLayout =
    videoType !== 'camera' && portraitViewport && (rotated || cutScreen) ? 'portrait' : 'landscape';
  useEffect(() => setLayout(layout), [layout, setLayout]);
  return layout;
}

/** The machine's sound level (the player's or the configured one) and the click of a press. */
function useScreenSound() {
  const chosenVolume = useGameControls((s) => s.volume);
  const configuredVolume = useSettings((s) => s.VOLUME);
  const clickSoundOn = useSettings((s) => Boolean(s.CLICK_SOUND));
  const volume = chosenVolume ?? configuredVolume;
  return { volume, click: useClickSound(clickSoundOn, volume) };
}

function GameScreen({
  machineId,
  name,
  claims,
}: {
  machineId: number;
  name: string;
  claims?: ReactNode;
}) {
  const balance = useBalance();
  const machineInfo = useMachine(machineId);
  const game = useMachineConnection(machineId);
  const cutScreen = useGameControls((s) => s.cutScreen);
  const { volume, click } = useScreenSound();
  const latency = useLatency(game.status === 'open', game.ping, game.peer);
  const { moneyBusy, transfer, cashout, chooseBand } = useGameActions(game, click);
  const open = game.status === 'open';
  const videoType = machineInfo.data?.videoType ?? 'screen';
  const layout = useGameLayout(videoType, game.setLayout);
  const press = (button: MachineButton) => {
    click();
    game.press(button);
  };

  return (
    <main className="fixed inset-0 flex flex-col bg-black landscape:flex-row">
      <h1 className="sr-only">{name}</h1>
      {/* Session warnings are urgent: read out at once, whatever the player is doing. */}
      <p aria-live="assertive" className="sr-only" data-testid="session-warning">
        {game.warning ?? ''}
      </p>

      <GameStage
        layout={layout}
        stream={game.stream}
        onTap={(point) => {
          click();
          game.touch(point);
        }}
        cutScreen={cutScreen}
        volume={volume}
        lost={game.status === 'lost'}
      />

      <section
        aria-label={name}
        className={`flex shrink-0 flex-col gap-3 border-line bg-floor-raised/95 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] landscape:w-80 landscape:overflow-y-auto landscape:border-s ${layout === 'portrait' ? 'portrait:max-h-[34dvh]' : 'portrait:max-h-[55dvh]'} portrait:overflow-y-auto portrait:border-t`}
      >
        <GameBar onLeave={game.leave} latency={latency} />

        <ProtectionPanel game={game} latency={latency} />

        <MachineMeters machine={game.machine} />

        <EmptyWalletNotice balanceCents={balance.data?.balance} />

        <HotCoins
          balanceCents={balance.data?.balance}
          disabled={!open || moneyBusy}
          onTransfer={transfer}
        />

        <div className="flex flex-wrap items-center justify-between gap-3">
          <MachineButtons disabled={!open} onPress={press} />
          <CashoutButton disabled={!open || moneyBusy} onCashout={cashout} />
        </div>

        {claims && <div className="flex flex-wrap items-center gap-2">{claims}</div>}

        <GameControls
          videoType={videoType}
          autoplay={game.machine?.autoplay ?? false}
          disabled={!open}
          onAutoplay={() => press('auto')}
          onBand={chooseBand}
        />
      </section>
    </main>
  );
}

type GameStageProps = ComponentProps<typeof MachineVideo> & { lost: boolean };

function GameStage({ lost, layout, ...video }: GameStageProps) {
  return (
    // The portrait picture is 3:4: it gets the phone's full width, the controls scroll below.
    <div
      className={`relative min-w-0 flex-1 ${layout === 'portrait' ? 'min-h-[min(133.4vw,66dvh)]' : 'min-h-0'}`}
    >
      <MachineVideo layout={layout} {...video} />
      {lost && <ConnectionLost />}
    </div>
  );
}

function CashoutButton({ disabled, onCashout }: { disabled: boolean; onCashout: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      data-testid="cashout"
      disabled={disabled}
      onClick={onCashout}
      className="inline-flex min-h-12 items-center gap-2 rounded-xl border-2 border-(--money-cash) px-4 font-semibold text-(--money-cash) transition hover:bg-(--money-cash)/10 disabled:cursor-not-allowed disabled:opacity-40"
    >
      <HandCoins aria-hidden="true" className="size-5" />
      {t('game.cashout')}
    </button>
  );
}

function ConnectionLost() {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      data-testid="connection-lost"
      className="absolute inset-x-0 top-0 flex items-center justify-center gap-2 bg-danger/90 px-4 py-2 text-sm font-semibold text-white"
    >
      <WifiOff aria-hidden="true" className="size-4" />
      {t('game.connectionLost')}
    </div>
  );
}
