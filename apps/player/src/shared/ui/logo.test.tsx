import { settingsDefaults } from '@reelcast/protocol/settings-defaults';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../testing/render';
import { useSettings } from '../settings';
import { Logo } from './logo';

describe('logo (§9 SMALL_LOGO)', () => {
  afterEach(() => useSettings.setState(settingsDefaults, true));

  it('shows the built-in mark when no small logo is configured', () => {
    const { container } = render(<Logo />);
    expect(screen.queryByTestId('small-logo')).toBeNull();
    expect(container.querySelector('svg')).not.toBeNull();
  });

  it('shows the configured small logo instead of the mark, and the mark if it fails to load', () => {
    useSettings.setState({ SMALL_LOGO: '/images/operator-mark.png' });
    const { container } = render(<Logo />);
    const image = screen.getByTestId('small-logo');
    expect(image.getAttribute('src')).toBe('/images/operator-mark.png');
    expect(container.querySelector('svg')).toBeNull();
    fireEvent.error(image);
    expect(screen.queryByTestId('small-logo')).toBeNull();
    expect(container.querySelector('svg')).not.toBeNull();
  });
});
