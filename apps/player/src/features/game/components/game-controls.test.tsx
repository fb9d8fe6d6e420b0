import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubOrientation } from '../../../testing/orientation';
import { renderWithProviders, setUpI18n } from '../../../testing/render';
import { GameControls } from './game-controls';

const props = { autoplay: false, disabled: false, onAutoplay: () => {}, onBand: () => {} };

describe('game controls', () => {
  beforeAll(setUpI18n);
  afterEach(() => vi.unstubAllGlobals());

  it('rotation is offered in portrait for a screen video, never for a camera', () => {
    stubOrientation(true);
    const { unmount } = renderWithProviders(<GameControls {...props} videoType="screen" />);
    expect(screen.getByRole('button', { name: 'Rotate the machine screen' })).toBeTruthy();
    unmount();
    renderWithProviders(<GameControls {...props} videoType="camera" />);
    expect(screen.queryByRole('button', { name: 'Rotate the machine screen' })).toBeNull();
  });

  it('no rotation in landscape; quality bands listed by Order, highest first', () => {
    stubOrientation(false);
    renderWithProviders(<GameControls {...props} videoType="screen" />);
    expect(screen.queryByRole('button', { name: 'Rotate the machine screen' })).toBeNull();
    const select = screen.getByRole('combobox', { name: 'Quality' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['HD', 'SD', 'Low']);
  });

  it('autoplay shows its state', () => {
    stubOrientation(false);
    renderWithProviders(<GameControls {...props} autoplay videoType="screen" />);
    expect(screen.getByRole('button', { name: 'Autoplay' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });
});
