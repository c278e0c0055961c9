import { lazy, Suspense, useState } from 'react';

import { Button } from '@/components/ui/button';
import { SettingsCard } from '@/components/ui/settings-card';
import { DialogLoading } from '@/components/ui/spinner';
import { preloader } from '@/lib/preloader';
import { useOpenedOnce } from '@/lib/use-opened-once';

// The dialog (its form, its rules and Radix Dialog) loads when first opened, not with the tab.
const loadDialog = () => import('./delete-account-dialog');
const DeleteAccountDialog = lazy(() => loadDialog().then((m) => ({ default: m.DeleteAccountDialog })));
const preloadDialog = preloader(loadDialog);

/** Settings › Profile: deleting the account, confirmed with the current password (issue 11). */
export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);

  return (
    <SettingsCard
      title="Delete account"
      description={
        <>
          Deletes your account and everything in it: locations, contacts, reviews, requests and templates. A
          paid subscription is cancelled at once. This cannot be undone.
        </>
      }
      className="border-destructive/40"
    >
      <Button
        variant="destructive"
        onClick={() => setOpen(true)}
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
      >
        Delete account
      </Button>
      {mounted ? (
        <Suspense fallback={<DialogLoading />}>
          <DeleteAccountDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </SettingsCard>
  );
}
