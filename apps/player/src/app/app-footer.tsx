// The footer (§2): the version label, the information pages when EXTERNAL_INFO is on, and a
// contact icon opening a WhatsApp chat when a contact number is configured.
import { MessageCircle } from 'lucide-react';
import { InfoLinks } from '../features/info-pages/components/info-links';
import { useTranslation } from '../shared/i18n';
import { useSettings } from '../shared/settings';

/** wa.me takes the number in international form with digits only. */
export function whatsAppLink(number: string): string | null {
  const digits = number.replace(/\D/g, '');
  return digits.length >= 6 ? `https://wa.me/${digits}` : null;
}

export function AppFooter() {
  const { t } = useTranslation();
  const version = useSettings((settings) => settings.UI_VERSION);
  const contact = whatsAppLink(useSettings((settings) => settings.CONTACT_NUMBER));

  return (
    <footer className="flex justify-center border-t border-line/60 px-4 py-2 text-xs text-ink-soft">
      <InfoLinks>
        <span className="flex items-center gap-2 px-2">
          <span>{version}</span>
          {contact && (
            <a
              href={contact}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('nav.contact')}
              className="flex size-11 items-center justify-center rounded-xl text-ink-soft hover:text-(--money-cash)"
            >
              <MessageCircle aria-hidden="true" className="size-5" />
            </a>
          )}
        </span>
      </InfoLinks>
    </footer>
  );
}
