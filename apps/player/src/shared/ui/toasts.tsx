// §8 toasts: every error, warning and confirmation appears bottom-center and closes after 3 s,
// on every screen alike, so a player always knows where to look.
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';

export const toastPosition = 'bottom-center';
export const toastDurationMs = 3000;

export function Toasts() {
  const { i18n } = useTranslation();
  return (
    <Toaster
      position={toastPosition}
      duration={toastDurationMs}
      theme="dark"
      richColors
      dir={i18n.dir()}
    />
  );
}
