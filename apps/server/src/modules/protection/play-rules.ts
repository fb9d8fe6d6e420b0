// Per-market play rules, picked by the JURISDICTION setting. GB follows the UK Gambling
// Commission's Remote Technical Standards: RTS 8 (no autoplay for slots since 2021, a game cycle
// of at least 2.5 s) and RTS 13/14 (the net position and the time played always shown).
import type { Config } from '../../config';

export interface PlayRulesProfile {
  jurisdiction: Config['JURISDICTION'];
  /** the least time from one game's start to the next; 0: none */
  minGameCycleMs: number;
  autoplay: boolean;
  /** net position and session time always on the game screen */
  showNetPosition: boolean;
  /** a line saying the video is live and how late it is (the measured delay) */
  showLiveDelay: boolean;
}

export const playRulesProfiles: Record<Config['JURISDICTION'], PlayRulesProfile> = {
  default: {
    jurisdiction: 'default',
    minGameCycleMs: 0,
    autoplay: true,
    showNetPosition: false,
    // Remote play of a physical machine: saying the picture is live, and how late, is honest
    // everywhere, so no market turns it off yet.
    showLiveDelay: true,
  },
  GB: {
    jurisdiction: 'GB',
    minGameCycleMs: 2_500,
    autoplay: false,
    showNetPosition: true,
    showLiveDelay: true,
  },
};
