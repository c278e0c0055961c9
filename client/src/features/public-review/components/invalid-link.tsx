import { useEffect } from 'react';

import { useCustomerT } from '@/lib/customer-i18n';

/** An unknown or malformed link: say so plainly and what to do next. */
export function InvalidLink() {
  const { t } = useCustomerT();
  useEffect(() => {
    document.title = t('invalidLink.documentTitle');
  }, [t]);

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 px-4 py-10 text-foreground">
      <section className="w-full max-w-md rounded-2xl border bg-card p-6 text-center shadow-sm">
        <h1 className="text-2xl font-bold tracking-tight">{t('invalidLink.heading')}</h1>
        <p className="mt-3 text-muted-foreground">{t('invalidLink.body')}</p>
      </section>
    </main>
  );
}
