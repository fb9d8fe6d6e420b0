import { create } from 'zustand';

type NavbarState = {
  /** lg and up: folded to icons (§4, a layout setting; kept for the page's life) */
  folded: boolean;
  /** below lg: the temporary drawer */
  drawerOpen: boolean;
  toggleFolded: () => void;
  setDrawerOpen: (open: boolean) => void;
};

export const useNavbar = create<NavbarState>()((set) => ({
  folded: false,
  drawerOpen: false,
  toggleFolded: () => set((state) => ({ folded: !state.folded })),
  setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
}));
