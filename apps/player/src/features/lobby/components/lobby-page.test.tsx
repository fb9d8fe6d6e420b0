import type { Brand, Machine } from '@reelcast/protocol/http';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestQueryClient, renderWithProviders, setUpI18n } from '../../../testing/render';
import { brandsQueryKey } from '../api/get-brands';
import { machinesQueryKey } from '../api/get-machines';
import { LobbyPage } from './lobby-page';

const brands: Brand[] = [
  { id: 1, name: 'Novomatic', jackpot: '1000,2500', machineCount: 2, image: null },
  { id: 2, name: 'Amatic', jackpot: '', machineCount: 1, image: null },
];

function machine(id: number, brandId: number, status: Machine['status']): Machine {
  const brand = brands.find((each) => each.id === brandId)!;
  return {
    id,
    name: `Machine ${id}`,
    status,
    image: null,
    brand: { id: brand.id, name: brand.name },
    reservation: null,
    videoType: 'screen',
    game: 'fruits',
  };
}

const machines = [
  machine(11, 1, 'available'),
  machine(12, 1, 'playing'),
  machine(21, 2, 'available'),
];

function Address() {
  return <output data-testid="address">{useLocation().pathname}</output>;
}

function renderLobby(path: string) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(brandsQueryKey, brands);
  queryClient.setQueryData(machinesQueryKey, machines);
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/lobby/:id?/:name?" element={<LobbyPage />} />
      </Routes>
      <Address />
    </>,
    { path, queryClient },
  );
}

function shownMachineIds(): string[] {
  return screen.getAllByTestId('machine-card').map((card) => card.dataset.machineId ?? '');
}

function brandButton(name: string): HTMLElement {
  return screen
    .getAllByTestId('brand')
    .find((button) => within(button).queryByText(name) !== null)!;
}

describe('LobbyPage brands', () => {
  beforeAll(setUpI18n);

  it('restores the selected brand from the address and shows only its machines', () => {
    renderLobby('/lobby/1/Novomatic');
    expect(brandButton('Novomatic').getAttribute('aria-pressed')).toBe('true');
    expect(shownMachineIds()).toEqual(['11', '12']);
  });

  it('deselects the selected brand when it is clicked again', async () => {
    const user = userEvent.setup();
    renderLobby('/lobby/1/Novomatic');

    await user.click(brandButton('Novomatic'));

    expect(screen.getByTestId('address').textContent).toBe('/lobby');
    expect(brandButton('Novomatic').getAttribute('aria-pressed')).toBe('false');
    expect(shownMachineIds()).toEqual(['11', '12', '21']);
  });

  it('selects another brand and puts it in the address', async () => {
    const user = userEvent.setup();
    renderLobby('/lobby');

    await user.click(brandButton('Amatic'));

    expect(screen.getByTestId('address').textContent).toBe('/lobby/2/Amatic');
    expect(shownMachineIds()).toEqual(['21']);
  });

  it('lets only available machines be joined', () => {
    renderLobby('/lobby');
    const [available, playing] = screen.getAllByTestId('machine-card');
    expect(available?.getAttribute('href')).toBe('/game/11/Machine%2011');
    expect(playing?.dataset.status).toBe('playing');
    expect(playing?.getAttribute('href')).toBeNull();
    expect(within(playing!).getByText('Playing')).toBeTruthy();
  });
});
