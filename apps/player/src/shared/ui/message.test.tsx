import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setUpI18n } from '../../testing/render';
import { hideMessage, MessageBanner, showMessage } from './message';
import { toast } from './toast';
import { Toasts, toastDurationMs, toastPosition } from './toasts';

describe('§8 toasts and the message state', () => {
  beforeAll(setUpI18n);
  afterEach(() => {
    act(hideMessage);
    vi.useRealTimers();
  });

  it('toasts sit bottom-center and close after 3000 ms', async () => {
    expect([toastPosition, toastDurationMs]).toEqual(['bottom-center', 3000]);
    render(<Toasts />);
    // sonner renders its region with the position it was given once a toast exists.
    act(() => toast.info('Saved'));
    const region = await screen.findByText('Saved');
    const list = region.closest('[data-sonner-toaster]');
    expect(list?.getAttribute('data-y-position')).toBe('bottom');
    expect(list?.getAttribute('data-x-position')).toBe('center');
  });

  it('a toast closes by itself after 3000 ms', async () => {
    render(<Toasts />);
    // The first toast loads the library and mounts the Toaster (real timers for that).
    act(() => toast.info('Loaded'));
    await screen.findByText('Loaded');
    vi.useFakeTimers();
    await act(async () => toast.info('Gone soon'));
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText('Gone soon')).not.toBeNull();
    act(() => vi.advanceTimersByTime(2800));
    expect(screen.queryByText('Gone soon')).not.toBeNull();
    // 3000 ms shown, then sonner's exit animation takes it off the page.
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Gone soon')).toBeNull();
  });

  it('a message shows top-center and hides itself after 6000 ms', () => {
    vi.useFakeTimers();
    render(<MessageBanner />);
    act(() => showMessage('You were signed out'));
    const message = screen.getByTestId('message');
    expect(message.textContent).toBe('You were signed out');
    expect(message.dataset.position).toBe('top-center');

    act(() => vi.advanceTimersByTime(5999));
    expect(screen.queryByTestId('message')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('message')).toBeNull();
  });

  it('a newer message gets its own 6000 ms; one kept until closed stays', () => {
    vi.useFakeTimers();
    render(<MessageBanner />);
    act(() => showMessage('first'));
    act(() => vi.advanceTimersByTime(4000));
    act(() => showMessage('second', { position: 'bottom-center', autoHideMs: null }));
    act(() => vi.advanceTimersByTime(60_000));
    const message = screen.getByTestId('message');
    expect(message.textContent).toBe('second');
    expect(message.dataset.position).toBe('bottom-center');
    act(() => screen.getByRole('status').querySelector('button')?.click());
    expect(screen.queryByTestId('message')).toBeNull();
  });
});
