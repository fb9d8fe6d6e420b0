import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../../testing/fake-server';
import { renderAt } from '../../../testing/render';
import { SeatsChart } from './seats-chart';

// jsdom draws no canvas: the plot is uPlot's, the words under it are what is tested here.
vi.mock('uplot', () => ({
  default: Object.assign(
    class {
      setSize() {}
      destroy() {}
    },
    { paths: {} },
  ),
}));

const answer = (date: string, seats: number, at: string | null) => ({
  code: 20000,
  ErrorMessage: 'Request successful',
  date,
  hours: Array.from({ length: 24 }, (_, hour) => ({ hour, seats: hour === 14 ? seats : 0 })),
  peak: { seats, at },
});

describe('the seats-in-use chart', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
  });

  it('asks for the report’s last day and states the peak in words', async () => {
    const { calls } = fakeServer({
      'GET /staff/reports/seats': { body: answer('2026-05-07', 3, '2026-05-07T14:05:00.000Z') },
    });
    renderAt(<SeatsChart lastDay="2026-05-07" />, '/reports');
    expect(
      await screen.findByText('Peak: 3 seats in use at once, at 14:05 UTC; busiest hour 14:00.'),
    ).toBeTruthy();
    expect(
      screen.getByRole('img', { name: 'Seats in use per hour, 2026-05-07 (UTC)' }),
    ).toBeTruthy();
    expect(calls[0]?.url).toMatch(/\/staff\/reports\/seats\?date=2026-05-07$/);
  });

  it('takes the day from the address and says when no seat was used', async () => {
    const { calls } = fakeServer({
      'GET /staff/reports/seats': { body: answer('2026-05-01', 0, null) },
    });
    renderAt(<SeatsChart lastDay="2026-05-07" />, '/reports?seatsDay=2026-05-01');
    expect(await screen.findByText('No seat was in use on this day.')).toBeTruthy();
    expect(calls[0]?.url).toMatch(/date=2026-05-01$/);
  });
});
