// The game screen (§2 /game/:gameId/:name): the live machine fills the screen, the controls sit
// under the thumbs (below in portrait, beside in landscape). No shell chrome here.

import type { MachineLayout } from '@reelcast/protocol/machine-socket';
import { ArrowLeft, HandCoins, WifiOff } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { useBalance } from '../../../shared/api/get-balance';
import { translateCode } from '../../../shared/i18n';
import { useFormatMoney } from '../../../shared/money';
import { useSettings } from '../../../shared/settings';
import { BalanceAmount } from '../../../shared/ui/balance-amount';
import { useMachine } from '../api/get-machine';
import { isAckError, NotConnectedError } from '../api/machine-socket';
import { useClickSound } from '../hooks/use-click-sound';
import { useLatency } from '../hooks/use-latency';
import { useMachineConnection } from '../hooks/use-machine-connection';
import { usePortrait } from '../hooks/use-portrait';
import { useGameControls } from '../stores/game-store';
import { EmptyWalletNotice } from './empty-wallet-notice';
import { GameControls } from './game-controls';
import { HotCoins } from './hot-coins';
import { LatencyIndicator } from './latency-indicator';
import { MachineButtons } from './machine-buttons';
import { MachineMeters } from './machine-meters';
import { MachineVideo } from './machine-video';

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

function GameScreen({
  machineId,
  name,
  claims,
}: {
  machineId: number;
  name: string;
  claims?: ReactNode;
}) {
  const { t } = useTranslation();
  const format = useFormatMoney();
  const balance = useBalance();
  const machineInfo = useMachine(machineId);
  const game = useMachineConnection(machineId);
  const [moneyBusy, setMoneyBusy] = useState(false);
  const controls = useGameControls();
  const configuredVolume = useSettings((s) => s.VOLUME);
  const clickSoundOn = useSettings((s) => Boolean(s.CLICK_SOUND));
  const volume = controls.volume ?? configuredVolume;
  const click = useClickSound(clickSoundOn, volume);
  const latency = useLatency(game.status === 'open', game.ping, game.peer);
  const open = game.status === 'open';
  const videoType = machineInfo.data?.videoType ?? 'screen';
  // Rotation and cut screen on a phone held upright show the machine's portrait layout (a
  // camera has only the one picture).
  const portraitViewport = usePortrait();
  const layout: MachineLayout =
    videoType !== 'camera' && portraitViewport && (controls.rotated || controls.cutScreen)
      ? 'portrait'
      : 'landscape';
  const { setLayout } = game;
  useEffect(() => setLayout(layout), [layout, setLayout]);

  function failed(error: unknown) {
    toast.error(error instanceof NotConnectedError ? t('game.connectionLost') : t('game.noAnswer'));
  }

  async function transfer(amountCents: number) {
    click();
    setMoneyBusy(true);
    try {
      const ack = await game.transfer(amountCents);
      // Success needs no toast: the credits meter changes and is announced.
      if (isAckError(ack)) {
        toast.error(translateCode(t, 'errors', ack.code, ack.ErrorMessage, ack.Params));
      }
    } catch (error) {
      failed(error);
    } finally {
      setMoneyBusy(false);
    }
  }

  async function cashout() {
    click();
    setMoneyBusy(true);
    try {
      const ack = await game.cashout();
      if (isAckError(ack))
        toast.error(translateCode(t, 'errors', ack.code, ack.ErrorMessage, ack.Params));
      else toast.success(t('game.cashoutDone', { amount: format(ack.amount) }));
    } catch (error) {
      failed(error);
    } finally {
      setMoneyBusy(false);
    }
  }

  async function chooseBand(band: string) {
    controls.setActiveBand(band);
    try {
      const ack = await game.setQuality(band);
      if (isAckError(ack))
        toast.error(translateCode(t, 'errors', ack.code, ack.ErrorMessage, ack.Params));
    } catch (error) {
      failed(error);
    }
  }

  return (
    <main className="fixed inset-0 flex flex-col bg-black landscape:flex-row">
      <h1 className="sr-only">{name}</h1>
      {/* Session warnings are urgent: read out at once, whatever the player is doing. */}
      <p aria-live="assertive" className="sr-only" data-testid="session-warning">
        {game.warning ?? ''}
      </p>

      {/* The portrait picture is 3:4: it gets the phone's full width, the controls scroll below. */}
      <div
        className={`relative min-w-0 flex-1 ${layout === 'portrait' ? 'min-h-[min(133.4vw,66dvh)]' : 'min-h-0'}`}
      >
        <MachineVideo
          stream={game.stream}
          onTap={(point) => {
            click();
            game.touch(point);
          }}
          layout={layout}
          cutScreen={controls.cutScreen}
          volume={volume}
        />
        {game.status === 'lost' && (
          <div
            role="alert"
            data-testid="connection-lost"
            className="absolute inset-x-0 top-0 flex items-center justify-center gap-2 bg-danger/90 px-4 py-2 text-sm font-semibold text-white"
          >
            <WifiOff aria-hidden="true" className="size-4" />
            {t('game.connectionLost')}
          </div>
        )}
      </div>

      <section
        aria-label={name}
        className={`flex shrink-0 flex-col gap-3 border-line bg-floor-raised/95 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] landscape:w-80 landscape:overflow-y-auto landscape:border-s ${layout === 'portrait' ? 'portrait:max-h-[34dvh]' : 'portrait:max-h-[55dvh]'} portrait:overflow-y-auto portrait:border-t`}
      >
        <div className="flex items-center justify-between gap-2">
          <button
            type="button"
            data-testid="leave"
            onClick={game.leave}
            aria-label={t('game.leaveLabel')}
            className="btn-ghost"
          >
            <ArrowLeft aria-hidden="true" className="size-5 rtl:-scale-x-100" />
            {t('game.leave')}
          </button>
          <LatencyIndicator latency={latency} />
          <output aria-live="polite" className="flex flex-col items-end text-sm">
            <span className="text-[0.7rem] uppercase tracking-wider text-ink-soft">
              {t('game.balance')}
            </span>
            {balance.data ? (
              <BalanceAmount cents={balance.data.balance} />
            ) : (
              <span className="skeleton h-4 w-16" />
            )}
          </output>
        </div>

        <MachineMeters machine={game.machine} />

        <EmptyWalletNotice balanceCents={balance.data?.balance} />

        <HotCoins
          balanceCents={balance.data?.balance}
          disabled={!open || moneyBusy}
          onTransfer={transfer}
        />

        <div className="flex flex-wrap items-center justify-between gap-3">
          <MachineButtons
            disabled={!open}
            onPress={(button) => {
              click();
              game.press(button);
            }}
          />
          <button
            type="button"
            data-testid="cashout"
            disabled={!open || moneyBusy}
            onClick={cashout}
            className="inline-flex min-h-12 items-center gap-2 rounded-xl border-2 border-(--money-cash) px-4 font-semibold text-(--money-cash) transition hover:bg-(--money-cash)/10 disabled:cursor-not-allowed disabled:opacity-40"
          >
            <HandCoins aria-hidden="true" className="size-5" />
            {t('game.cashout')}
          </button>
        </div>

        {claims && <div className="flex flex-wrap items-center gap-2">{claims}</div>}

        <GameControls
          videoType={videoType}
          autoplay={game.machine?.autoplay ?? false}
          disabled={!open}
          onAutoplay={() => {
            click();
            game.press('auto');
          }}
          onBand={chooseBand}
        />
      </section>
    </main>
  );
}
