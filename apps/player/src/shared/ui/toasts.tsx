// §8 toasts: every error, warning and confirmation appears bottom-center and closes after 3 s,
// on every screen alike, so a player always knows where to look. The Toaster and its library
// load with the first toast (./toast.ts), keeping them out of the first screen's download.
import { lazy, Suspense } from 'react';
import { useTranslation } from '../i18n';
import { useToastsWanted } from './toast';

export const toastPosition = 'bottom-center';
export const toastDurationMs = 3000;

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

export function Toasts() {
  const { i18n } = useTranslation();
  if (!useToastsWanted()) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position={toastPosition}
        duration={toastDurationMs}
        theme="dark"
        richColors
        dir={i18n.dir()}
      />
    </Suspense>
  );
}
