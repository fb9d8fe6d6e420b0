import type { MachineState } from '@reelcast/protocol/machine-socket';
import { useTranslation } from '../../../shared/i18n';
import { useFormatMoney } from '../../../shared/money';

function Meter({
  label,
  cents,
  testId,
  colour,
}: {
  label: string;
  cents: number | undefined;
  testId: string;
  colour: string;
}) {
  const format = useFormatMoney();
  return (
    <div className="flex min-w-0 flex-col rounded-xl bg-floor/70 px-3 py-1.5">
      <dt className="text-[0.7rem] uppercase tracking-wider text-ink-soft">{label}</dt>
      <dd
        data-testid={testId}
        data-cents={cents ?? 0}
        className={`truncate font-semibold tabular-nums ${colour}`}
      >
        {cents === undefined ? '—' : format(cents)}
      </dd>
    </div>
  );
}

/** The machine's meters as it reports them (`machine` events); credits in the credit colour. */
export function MachineMeters({ machine }: { machine: MachineState | null }) {
  const { t } = useTranslation();
  return (
    // Polite live region: a win or a credit change is announced once the reels settle.
    // data-spinning: whether a game is in play, for the end-to-end tests to wait on.
    <dl
      aria-live="polite"
      data-testid="machine-meters"
      data-spinning={machine?.spinning ? 'true' : 'false'}
      className="grid grid-cols-3 gap-2"
    >
      <Meter
        label={t('game.credits')}
        cents={machine?.credits}
        testId="machine-credits"
        colour="text-(--money-credit)"
      />
      <Meter label={t('game.bet')} cents={machine?.bet} testId="machine-bet" colour="text-ink" />
      <Meter label={t('game.win')} cents={machine?.win} testId="machine-win" colour="text-gold" />
    </dl>
  );
}
