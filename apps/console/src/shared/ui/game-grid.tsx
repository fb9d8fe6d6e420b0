// Game recall (GLI-19 §4.14.1): a game's final screen redrawn from its stops, reel by reel, as the
// server recorded it; the floor's machine games and a player's slot sessions both show it.
import type { SpinRecord } from '@reelcast/protocol/sessions';
import { useTranslation } from 'react-i18next';

export function GameGrid({ game }: { game: SpinRecord }) {
  const { t } = useTranslation();
  const rows = Math.max(0, ...game.grid.map((reel) => reel.length));
  return (
    <figure className="inline-block">
      <table
        aria-label={t('recall.screen', { id: game.id })}
        className="border-collapse rounded-lg border border-line font-mono text-xs"
      >
        <tbody>
          {Array.from({ length: rows }, (_, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of a fixed grid
            <tr key={row}>
              {game.grid.map((reel, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: reels of a fixed grid
                <td key={r} className="border border-line px-2 py-1 text-center">
                  {reel[row] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <figcaption className="mt-1 text-ink-soft text-xs">
        {t('recall.stops', { stops: game.stops.join(' · ') })}
      </figcaption>
    </figure>
  );
}
