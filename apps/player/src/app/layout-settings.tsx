// §4 layout settings (the navbar folded, the wallet shown): a signed-in player's are saved on the
// server through the user-settings call and come back with the next sign-in, from any device; a
// guest's stay in this browser's local storage only. Logout goes back to the guest's layout.
import type { LayoutSettings, UserSettings } from '@reelcast/protocol/http';
import { defaultUserSettings, readUserSettings } from '@reelcast/protocol/user-settings';
import { useEffect, useLayoutEffect } from 'react';
import { useWalletVisibility } from '../features/wallet/hooks/use-wallet-visibility';
import { apiRequest } from '../shared/api/api-client';
import { type SessionUser, setUserSettings, useAuthStore } from '../shared/auth/auth-store';
import { readStorage, storageKeys, writeStorage } from '../shared/storage';
import { useNavbar } from './use-navbar';

/** PUT /player/settings: stores the player's settings whole and answers them. */
export function saveUserSettings(settings: UserSettings): Promise<UserSettings> {
  return apiRequest<UserSettings>('/player/settings', { method: 'PUT', body: settings });
}

/** §6: the guest role is the signed-out one; its settings never leave the browser. */
const savesOnServer = (user: SessionUser | null): user is SessionUser =>
  user !== null && user.role !== 'guest';

function currentLayout(): LayoutSettings {
  return {
    navbarFolded: useNavbar.getState().folded,
    walletVisible: useWalletVisibility.getState().visible,
  };
}

const sameLayout = (a: LayoutSettings, b: LayoutSettings) =>
  a.navbarFolded === b.navbarFolded && a.walletVisible === b.walletVisible;

function guestLayout(): LayoutSettings {
  const stored = readStorage(storageKeys.layoutSettings);
  if (!stored) return defaultUserSettings.layout;
  try {
    return readUserSettings(JSON.parse(stored)).layout;
  } catch {
    return defaultUserSettings.layout;
  }
}

/** What the stores were last set to or saved as: a change back to it needs no save. */
let settled: LayoutSettings = defaultUserSettings.layout;
/** One save in flight at a time; a change made meanwhile is sent when it answers. */
let saving = false;

/** Set while the stores take a saved layout: their halves in between are no one's choice. */
let applying = false;

function apply(layout: LayoutSettings): void {
  settled = layout;
  applying = true;
  try {
    useNavbar.getState().setFolded(layout.navbarFolded);
    useWalletVisibility.setState({ visible: layout.walletVisible });
  } finally {
    applying = false;
  }
}

async function saveChanges(): Promise<void> {
  if (saving) return;
  saving = true;
  try {
    for (;;) {
      const user = useAuthStore.getState().user;
      const layout = currentLayout();
      if (!savesOnServer(user) || sameLayout(layout, settled)) return;
      const saved = await saveUserSettings({ ...user.settings, layout });
      // Signed out or someone else signed in meanwhile: their layout is not this one.
      if (useAuthStore.getState().user?.id !== user.id) return;
      settled = saved.layout;
      setUserSettings(saved);
    }
  } catch (error) {
    // The layout still applies on this screen; only the next sign-in will not restore it.
    console.warn('layout settings not saved', error);
  } finally {
    saving = false;
  }
}

function onLayoutChange(): void {
  if (applying) return;
  const layout = currentLayout();
  if (sameLayout(layout, settled)) return;
  const user = useAuthStore.getState().user;
  if (savesOnServer(user)) {
    void saveChanges();
  } else {
    settled = layout;
    writeStorage(storageKeys.layoutSettings, JSON.stringify({ layout }));
  }
}

export function LayoutSettingsSync() {
  const userId = useAuthStore((state) => state.user?.id ?? null);

  // Before paint: the shell must not draw one layout and then jump to the player's.
  useLayoutEffect(() => {
    const user = userId === null ? null : useAuthStore.getState().user;
    apply(savesOnServer(user) ? user.settings.layout : guestLayout());
  }, [userId]);

  useEffect(() => {
    const stopNavbar = useNavbar.subscribe((state, previous) => {
      if (state.folded !== previous.folded) onLayoutChange();
    });
    const stopWallet = useWalletVisibility.subscribe((state, previous) => {
      if (state.visible !== previous.visible) onLayoutChange();
    });
    return () => {
      stopNavbar();
      stopWallet();
    };
  }, []);

  return null;
}
