// Everything that must be settled before the first screen renders (§4 start-up): the token from
// the page address, the external settings, the translations, and the stored session's check.
import { restoreSession } from '../features/auth/api/validate-token';
import { adoptTokenFromAddress } from '../shared/auth/auth-store';
import { chooseLanguage, initFirstScreenI18n } from '../shared/i18n';
import { loadSettings, type PlayerSettings } from '../shared/settings';

/** The money colours mean the same everywhere (§9 COLORS); CSS reads them as --money-*. */
function applyMoneyColours(colours: PlayerSettings['COLORS']): void {
  const style = document.documentElement.style;
  for (const [meaning, colour] of Object.entries(colours)) {
    if (typeof colour === 'string') style.setProperty(`--money-${meaning}`, colour);
  }
}

export async function bootstrap(): Promise<void> {
  adoptTokenFromAddress();
  const settings = await loadSettings();
  applyMoneyColours(settings.COLORS);
  // The API base URL comes from the settings, so the session check waits for them.
  await Promise.all([
    initFirstScreenI18n(chooseLanguage(settings.DEFAULT_LANGUAGE)),
    restoreSession(),
  ]);
}
