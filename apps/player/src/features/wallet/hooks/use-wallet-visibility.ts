import { create } from 'zustand';

type WalletVisibility = { visible: boolean; toggle: () => void };

/**
 * §4: the wallet toggle shows or hides the balance; shown by default. A layout setting: saved
 * and restored with the player's settings by app/layout-settings.tsx.
 */
export const useWalletVisibility = create<WalletVisibility>()((set) => ({
  visible: true,
  toggle: () => set((state) => ({ visible: !state.visible })),
}));
