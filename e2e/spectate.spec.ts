// Spectate and the wait list end to end (issue #18): a machine being played shows Watch in the
// lobby; /watch shows its live video and the number of viewers, and nothing to press or any
// money; the spectator joins the machine's wait list, sees their place, gets the ready prompt
// when the player leaves, and sits down from it.
//
// Accounts no other spec signs in as: nomenu plays (100.00, nothing moved onto the machine),
// demo0 watches and waits. Both leave every seat they take.
import { expect, type Page, test } from '@playwright/test';
import { freeMachine, signedIn } from './player';

async function expectLiveVideo(page: Page, testId: string): Promise<void> {
  await expect
    .poll(() => page.getByTestId(testId).evaluate((v: HTMLVideoElement) => v.videoWidth), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
}

test('watch a machine being played, wait for it, and sit down when it frees', async ({
  browser,
}) => {
  const player = await signedIn(browser, 'nomenu');
  const machine = await freeMachine(player, { videoType: 'screen' });
  await player.goto(`/game/${machine.id}/${encodeURIComponent(machine.name)}`);
  await expectLiveVideo(player, 'machine-video');

  const spectator = await signedIn(browser, 'demo0');
  try {
    const card = spectator.locator(`[data-testid=machine-card][data-machine-id="${machine.id}"]`);
    await expect(card).toHaveAttribute('data-status', 'playing');
    await card.getByRole('link', { name: `Watch ${machine.name}` }).click();
    await expect(spectator).toHaveURL(new RegExp(`/watch/${machine.id}$`));
    await expectLiveVideo(spectator, 'spectator-video');
    await expect(spectator.getByTestId('viewer-count')).toHaveText('1 watching');
    // Nothing to press, no money, nobody named: only the way back and the video.
    await expect(spectator.getByRole('button')).toHaveCount(0);
    await expect(spectator.getByText(/credit|balance|Mert|nomenu/i)).toHaveCount(0);

    // Back in the lobby: the wait list of the busy machine.
    await spectator.getByRole('link', { name: 'Back to the lobby' }).click();
    await card.getByRole('button', { name: `Join the wait list for ${machine.name}` }).click();
    await expect(card.getByTestId('wait-list-place')).toContainText(
      'You are number 1 of 1 in line',
    );

    // The player leaves: the machine is held for the one waiting, who is told at once.
    await player.getByTestId('leave').click();
    await expect(player).toHaveURL(/\/lobby/);
    const prompt = spectator.getByTestId('ready-prompt');
    await expect(prompt).toContainText(`${machine.name} is held for you for`);
    // Others see it reserved meanwhile, and cannot take it.
    const heldCard = player.locator(`[data-testid=machine-card][data-machine-id="${machine.id}"]`);
    await expect(heldCard).toHaveAttribute('data-status', 'reserved');
    await expect(heldCard).toHaveAttribute('data-reserved', 'other');

    await prompt.getByRole('button', { name: 'Sit down' }).click();
    await expect(spectator).toHaveURL(new RegExp(`/game/${machine.id}/`));
    await expectLiveVideo(spectator, 'machine-video');
    await expect(prompt).toHaveCount(0);
    await spectator.getByTestId('leave').click();
    await expect(spectator).toHaveURL(/\/lobby/);
  } finally {
    await spectator.context().close();
    await player.context().close();
  }
});
