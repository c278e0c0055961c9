import { useEffect, useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { SettingsCard } from '@/components/ui/settings-card';
import { toast } from '@/components/ui/use-toast';
import { notifyError } from '@/components/ui/notify-error';
import { useTenant } from '@/lib/tenant';

import { currentPushState, turnPushOff, turnPushOn, type PushState } from '@/lib/device-push';

export const PUSH_TEXTS = {
  title: 'Push alerts on this device',
  description:
    'A notification on this phone or computer when a new review arrives, even with ReviewFlow closed. Tapping it opens the review.',
  on: 'Push is on for this device.',
  off: 'Push is off for this device.',
  unsupported:
    "This browser can't receive push. On an iPhone, add ReviewFlow to your Home Screen first and open it from there.",
  blocked:
    "Notifications are blocked in this browser's settings. Allow them for this site, then come back here.",
  everyReview: 'Every new review, not only those at or below the alert rating',
  admin: "Push alerts are for the business's own team: sign in as the owner or a member on their device.",
} as const;

/** Settings › Notifications: Web Push on the device in hand (issue 45), for the owner and every member. */
export function PushCard() {
  const { apiBase, clientId } = useTenant();
  const everyReviewId = useId();
  const [state, setState] = useState<PushState | undefined>();
  const [busy, setBusy] = useState(false);
  const [everyReview, setEveryReview] = useState(false);

  useEffect(() => {
    if (clientId !== undefined) return;
    let live = true;
    currentPushState(apiBase)
      .then((found) => {
        if (!live) return;
        setState(found);
        if (found.kind === 'on') setEveryReview(found.everyReview);
      })
      .catch((error: unknown) => notifyError(error));
    return () => {
      live = false;
    };
  }, [apiBase, clientId]);

  async function run(change: () => Promise<PushState>, done?: string) {
    setBusy(true);
    try {
      const next = await change();
      setState(next);
      if (done && next.kind !== 'blocked' && next.kind !== 'unsupported') toast({ title: done });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  const status =
    clientId !== undefined
      ? PUSH_TEXTS.admin
      : state === undefined
        ? 'Checking this device…'
        : PUSH_TEXTS[state.kind];
  const canChoose = state?.kind === 'on' || state?.kind === 'off';

  return (
    <SettingsCard title={PUSH_TEXTS.title} description={PUSH_TEXTS.description} contentClassName="grid gap-4">
      <p className="text-sm" role="status">
        {status}
      </p>
      {canChoose ? (
        <>
          <label htmlFor={everyReviewId} className="flex items-start gap-3">
            <input
              id={everyReviewId}
              type="checkbox"
              className="mt-1 size-4 accent-primary"
              checked={everyReview}
              disabled={busy}
              onChange={(event) => {
                const chosen = event.target.checked;
                setEveryReview(chosen);
                if (state.kind === 'on') void run(() => turnPushOn(apiBase, chosen), 'Push choice saved');
              }}
            />
            <span className="text-sm">{PUSH_TEXTS.everyReview}</span>
          </label>
          <div>
            {state.kind === 'on' ? (
              <Button
                variant="outline"
                disabled={busy}
                onClick={() => void run(() => turnPushOff(apiBase), 'Push is off for this device')}
              >
                Turn off push on this device
              </Button>
            ) : (
              <Button
                disabled={busy}
                onClick={() => void run(() => turnPushOn(apiBase, everyReview), 'Push is on for this device')}
              >
                Turn on push for this device
              </Button>
            )}
          </div>
        </>
      ) : null}
    </SettingsCard>
  );
}
