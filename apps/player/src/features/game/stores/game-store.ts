// §3 Game state the player sets on the game screen: volume, the chosen stream quality band, cut
// screen and rotation. Kept across machines for the visit; the machine's own state (credits,
// autoplay) comes from the server and is never copied here.
import { create } from 'zustand';

type GameControlsState = {
  /** 0–1; starts at the configured VOLUME */
  volume: number | null;
  activeBand: string | null;
  cutScreen: boolean;
  /** On a phone held upright, the machine shows its portrait layout (so does cut screen). */
  rotated: boolean;
  setVolume: (volume: number) => void;
  setActiveBand: (band: string) => void;
  toggleCutScreen: () => void;
  toggleRotated: () => void;
};

export const useGameControls = create<GameControlsState>()((set) => ({
  volume: null,
  activeBand: null,
  cutScreen: false,
  rotated: false,
  setVolume: (volume) => set({ volume: Math.min(1, Math.max(0, volume)) }),
  setActiveBand: (activeBand) => set({ activeBand }),
  toggleCutScreen: () => set((s) => ({ cutScreen: !s.cutScreen })),
  toggleRotated: () => set((s) => ({ rotated: !s.rotated })),
}));
