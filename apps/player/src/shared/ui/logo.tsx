import { useState } from 'react';
import { useSettings } from '../settings';

/**
 * The mark and the name. §9 SMALL_LOGO (an image address) replaces the built-in mark, in the
 * navigation and wherever else the logo shows; an image that fails to load falls back to it.
 */
export function Logo({ className = '' }: { className?: string }) {
  const smallLogo = useSettings((settings) => settings.SMALL_LOGO);
  const [broken, setBroken] = useState<string | null>(null);
  return (
    <span className={`inline-flex items-center gap-2 font-display font-bold ${className}`}>
      {smallLogo && broken !== smallLogo ? (
        <img
          src={smallLogo}
          alt=""
          data-testid="small-logo"
          onError={() => setBroken(smallLogo)}
          className="size-8 shrink-0 object-contain"
        />
      ) : (
        <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
          <circle cx="16" cy="16" r="12" fill="none" stroke="currentColor" strokeWidth="3" />
          <circle cx="16" cy="16" r="4.5" fill="currentColor" />
          <path d="M16 4v5M16 23v5M4 16h5M23 16h5" stroke="currentColor" strokeWidth="2" />
        </svg>
      )}
      <span className="text-lg tracking-wide text-ink">
        Reel<span className="text-gold">cast</span>
      </span>
    </span>
  );
}
