// Prints each game's par sheet, computed exactly over its full cycle: `npm run parsheet` from the
// repository root (`-- --game video5` for one game).
import { parseArgs } from 'node:util';
import { computeParSheet, designRtp, formatMoney, type GameDefinition, games } from '../src/index';

const { values } = parseArgs({ options: { game: { type: 'string' } } });
const chosen = values.game ? [games[values.game]] : Object.values(games);
if (chosen.some((g) => g === undefined)) {
  console.error(`unknown game ${values.game}; games: ${Object.keys(games).join(', ')}`);
  process.exit(2);
}

const count = (n: number) => n.toLocaleString('en-US');
const percent = (x: number, digits = 4) => `${(x * 100).toFixed(digits)} %`;

function print(game: GameDefinition): void {
  const started = performance.now();
  const sheet = computeParSheet(game);
  const ms = performance.now() - started;
  const lengths = game.reels.map((s) => s.length);
  const bets = game.betLevels;
  console.log(`\n${game.name} (${game.id})`);
  console.log(
    `  ${game.reels.length} reels × ${game.rows} rows, ${game.lines.length} line${game.lines.length > 1 ? 's' : ''}` +
      `${game.wild ? `, wild: ${game.wild}` : ''}${game.scatter ? `, scatter: ${game.scatter.symbol}` : ''}` +
      `, bets ${formatMoney(bets[0]!)}–${formatMoney(bets[bets.length - 1]!)}`,
  );
  console.log(`  cycle          ${count(sheet.cycle)} combinations (${lengths.join(' × ')})`);
  console.log(
    `  RTP            ${percent(sheet.rtp)}  (${count(sheet.totalPay)} paid for ${count(sheet.cycle * sheet.lines)} line bets)`,
  );
  console.log(
    `  hit frequency  ${percent(sheet.hitFrequency, 2)}  (${count(sheet.hits)} games win; 1 in ${(1 / sheet.hitFrequency).toFixed(2)})`,
  );
  console.log(`  volatility     ${sheet.volatility.toFixed(3)}  (standard deviation of win / bet)`);
  console.log(`  top award      ${sheet.topAward} × bet`);
  console.log(
    `  ${'pay rule'.padEnd(22)}${'pays'.padStart(10)}${'hits'.padStart(14)}${'RTP'.padStart(12)}`,
  );
  for (const r of sheet.rules)
    console.log(
      `  ${r.name.padEnd(22)}${`${r.pay}×${r.kind === 'scatter' ? 'bet' : 'line'}`.padStart(10)}` +
        `${count(r.hits).padStart(14)}${percent(r.rtp).padStart(12)}`,
    );
  // designRtp is what a paytable page shows; it must be this sheet's RTP to the last bit.
  if (designRtp(game) !== sheet.rtp) throw new Error(`${game.id}: design RTP differs`);
  console.log(`  computed in ${(ms / 1000).toFixed(2)} s`);
}

for (const game of chosen) print(game!);
