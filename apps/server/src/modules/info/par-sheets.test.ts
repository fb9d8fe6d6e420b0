import { classicGame, computeParSheet } from '@reelcast/egm';
import { describe, expect, it } from 'vitest';
import { inWorker, parFigures } from './par-sheets';

describe('par sheets for the paytables page', () => {
  it('are computed in a worker thread, equal to the par sheet', async () => {
    const sheet = computeParSheet(classicGame);
    const figures = await inWorker(classicGame.id);
    expect(figures).toEqual({
      rtp: sheet.rtp,
      hitFrequency: sheet.hitFrequency,
      volatility: sheet.volatility,
      topAward: sheet.topAward,
      cycle: sheet.cycle,
    });
    expect(figures.rtp).toBeCloseTo(0.942618, 6);
  });

  it('are kept: the second request gets the same answer without a new computation', async () => {
    expect(parFigures('classic-1')).toBe(parFigures('classic-1'));
    expect((await parFigures('classic-1')).hitFrequency).toBeCloseTo(1872 / 10648, 10);
  });

  it('refuse a game that does not exist', async () => {
    await expect(parFigures('no-such-game')).rejects.toThrow();
  });
});
