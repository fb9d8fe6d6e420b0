import { create } from 'zustand';

type WalletVisibility = { visible: boolean; toggle: () => void };

/** §4: the wallet toggle shows or hides the balance; shown by default, not remembered. */
export const useWalletVisibility = create<WalletVisibility>()((set) => ({
  visible: true,
  toggle: () => set((state) => ({ visible: !state.visible })),
}));
