// The six §2 information pages as links that open the modal; shown only with EXTERNAL_INFO on.
import { type InfoPage, infoPages } from '@reelcast/protocol/info-pages';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { useSettings } from '../../../shared/settings';
import { useInfoPage } from '../hooks/use-info-page';

export function InfoLinks({
  className = '',
  onOpen,
  children,
}: {
  className?: string;
  /** shown after the links, in the same row (the footer's version label) */
  children?: ReactNode;
  /** told which page opened, e.g. to close the drawer the link sits in */
  onOpen?: (page: InfoPage) => void;
}) {
  const { t } = useTranslation();
  const externalInfo = useSettings((settings) => settings.EXTERNAL_INFO);
  const open = useInfoPage((state) => state.open);
  if (!externalInfo) return children ?? null;
  return (
    <nav aria-label={t('infoPages.title')} className={className}>
      <ul className="flex flex-wrap items-center justify-center gap-x-1 gap-y-0">
        {infoPages.map((page) => (
          <li key={page}>
            <button
              type="button"
              onClick={() => {
                open(page);
                onOpen?.(page);
              }}
              className="min-h-11 rounded-lg px-2 text-xs text-ink-soft underline-offset-4 hover:text-gold hover:underline"
            >
              {t(`infoPages.${page}`)}
            </button>
          </li>
        ))}
        {children && <li className="flex items-center">{children}</li>}
      </ul>
    </nav>
  );
}
