import { create } from 'zustand';

type NavbarState = {
  /**
   * lg and up: folded to icons (§4, a layout setting: saved with the player's settings, or in
   * local storage for a guest; see layout-settings.tsx)
   */
  folded: boolean;
  /** below lg: the temporary drawer */
  drawerOpen: boolean;
  toggleFolded: () => void;
  setFolded: (folded: boolean) => void;
  setDrawerOpen: (open: boolean) => void;
};

export const useNavbar = create<NavbarState>()((set) => ({
  folded: false,
  drawerOpen: false,
  toggleFolded: () => set((state) => ({ folded: !state.folded })),
  setFolded: (folded) => set({ folded }),
  setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
}));
