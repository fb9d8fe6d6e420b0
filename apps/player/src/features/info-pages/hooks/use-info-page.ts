import type { InfoPage } from '@reelcast/protocol/info-pages';
import { create } from 'zustand';

type InfoPageState = { page: InfoPage | null; open: (page: InfoPage) => void; close: () => void };

/** §4 info modal: closed, then open with one page (its title and address), then closed. */
export const useInfoPage = create<InfoPageState>()((set) => ({
  page: null,
  open: (page) => set({ page }),
  close: () => set({ page: null }),
}));
