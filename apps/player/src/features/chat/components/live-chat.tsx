import { useEffect } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { useSettings } from '../../../shared/settings';
import { chatPlan, injectChat } from '../utils/live-chat';

/** Loads the configured live-chat widget once; it draws its own button over the page. */
export function LiveChat() {
  const { i18n } = useTranslation();
  const provider = useSettings((s) => s.LIVE_CHAT_PROVIDER);
  const tawkProperty = useSettings((s) => s.TAWK_PROPERTY_ID);
  const tawkWidget = useSettings((s) => s.TAWK_WIDGET_ID);
  const crispWebsite = useSettings((s) => s.CRISP_WEBSITE_ID);
  const language = i18n.language;

  useEffect(() => {
    const plan = chatPlan(
      {
        LIVE_CHAT_PROVIDER: provider,
        TAWK_PROPERTY_ID: tawkProperty,
        TAWK_WIDGET_ID: tawkWidget,
        CRISP_WEBSITE_ID: crispWebsite,
      },
      language,
    );
    if (plan) injectChat(plan);
  }, [provider, tawkProperty, tawkWidget, crispWebsite, language]);
  return null;
}
