// The configured click sound (§9 CLICK_SOUND) at the player's volume: a short tick made with Web
// Audio, so no audio file has to load and nothing plays before the player's first tap.
import { useCallback, useRef } from 'react';

export function useClickSound(enabled: boolean, volume: number): () => void {
  const context = useRef<AudioContext | null>(null);
  return useCallback(() => {
    if (!enabled || volume <= 0 || typeof AudioContext === 'undefined') return;
    context.current ??= new AudioContext();
    const audio = context.current;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = 1800;
    gain.gain.setValueAtTime(0.25 * volume, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.05);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.05);
  }, [enabled, volume]);
}
