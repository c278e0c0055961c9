import type { Language } from '@shared/i18n/languages';
import { messagesIn } from '../../lib/i18n';
import { escapeHtml } from '../../lib/mail/html';
import { simplePage } from '../../lib/simple-page';

/**
 * The pages an email's unsubscribe link shows, in the customer's language: no script, so the strict CSP
 * holds (lib/simple-page).
 */
export const unsubscribePages = {
  invalid: (language: Language) => {
    const t = messagesIn(language);
    return simplePage(t('unsubscribePage.invalidTitle'), t('unsubscribePage.invalidBody'), '', language);
  },
  ask: (language: Language) => {
    const t = messagesIn(language);
    return simplePage(
      t('unsubscribePage.askTitle'),
      t('unsubscribePage.askBody'),
      `<form method="post"><button type="submit">${escapeHtml(t('unsubscribePage.askButton'))}</button></form>`,
      language,
    );
  },
  done: (language: Language) => {
    const t = messagesIn(language);
    return simplePage(t('unsubscribePage.doneTitle'), t('unsubscribePage.doneBody'), '', language);
  },
};
