// Quick contact on the login screen (§2): messaging links and a contact card, shown only when the
// operator configured a number (CONTACT_NUMBER) and wants it on login (CONTACT_ON_LOGIN).
import { MessageCircle, Phone, Send } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n';
import { useSettings } from '../../../shared/settings';

/** '+90 (555) 123-45-67' → '905551234567', the form messaging links want. */
export function contactDigits(number: string): string {
  return number.replace(/\D/g, '');
}

const linkClass =
  'inline-flex min-h-11 items-center gap-2 rounded-xl border border-line px-3 text-sm transition hover:border-gold hover:text-gold';

export function ContactLinks() {
  const { t } = useTranslation();
  const number = useSettings((settings) => settings.CONTACT_NUMBER);
  const onLogin = useSettings((settings) => settings.CONTACT_ON_LOGIN);
  const digits = contactDigits(number ?? '');
  if (!onLogin || digits.length === 0) return null;

  return (
    <section
      aria-labelledby="contact-title"
      className="mt-6 flex flex-col items-center gap-3 rounded-2xl border border-line bg-floor-raised/70 p-4 text-center"
    >
      <h2 id="contact-title" className="text-sm font-semibold">
        {t('contact.title')}
      </h2>
      <p className="text-sm text-ink-soft">
        {t('contact.text')}{' '}
        <a href={`tel:+${digits}`} dir="ltr" className="font-semibold text-gold underline">
          {number}
        </a>
      </p>
      <ul className="flex flex-wrap justify-center gap-2">
        <li>
          <a
            href={`https://wa.me/${digits}`}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClass}
          >
            <MessageCircle aria-hidden="true" className="size-4" />
            {t('contact.whatsapp')}
          </a>
        </li>
        <li>
          <a
            href={`https://t.me/+${digits}`}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClass}
          >
            <Send aria-hidden="true" className="size-4" />
            {t('contact.telegram')}
          </a>
        </li>
        <li>
          <a href={`tel:+${digits}`} className={linkClass}>
            <Phone aria-hidden="true" className="size-4" />
            {t('contact.call')}
          </a>
        </li>
      </ul>
    </section>
  );
}
