import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { NotificationSettings } from '@shared/schemas/notifications';

import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SettingsFormCard } from '@/components/ui/settings-card';
import { FullPageSpinner } from '@/components/ui/spinner';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { toastFeedback } from '@/components/ui/notify-error';
import { useTeamRole } from '@/lib/team-role';

import { useNotificationSettings, useSaveNotificationSettings } from '../api/notification-settings';
import { PushCard } from '../push/push-card';

// The rules load with the form's first focus, not with the tab (lib/lazy-zod-resolver.ts).
const notificationsResolver = lazyZodResolver<NotificationSettings, NotificationSettings>(() =>
  import('@shared/schemas/notifications').then((m) => m.NotificationSettingsSchema),
);

const RATING_CHOICES = [
  { value: 1, label: '1 star only' },
  { value: 2, label: '2 stars or fewer' },
  { value: 3, label: '3 stars or fewer' },
  { value: 4, label: '4 stars or fewer' },
  { value: 5, label: 'Every review' },
];

/**
 * Settings › Notifications: push on the device in hand for everyone on the team (issue 45), and which emails
 * the owner gets about their reviews (issue 10).
 */
export function NotificationsTab() {
  const owner = useTeamRole() === 'owner';
  return (
    <div className="grid gap-6">
      <PushCard />
      {owner ? <EmailNotifications /> : null}
    </div>
  );
}

function EmailNotifications() {
  const settings = useNotificationSettings();
  if (!settings.data) return <FullPageSpinner label="Loading your notification settings…" />;
  return <NotificationsForm saved={settings.data} />;
}

function NotificationsForm({ saved }: { saved: NotificationSettings }) {
  const save = useSaveNotificationSettings();
  const ratingId = useId();
  const form = useForm<NotificationSettings>({
    resolver: notificationsResolver,
    defaultValues: saved,
  });
  useEffect(() => form.reset(saved), [saved, form]);
  const instant = form.watch('instantAlerts');

  return (
    <SettingsFormCard
      onFocus={notificationsResolver.preload}
      title="Email notifications"
      description={
        <>
          New reviews always show in the notifications at the top of the page. Choose which ones also reach
          your inbox.
        </>
      }
      saveLabel="Save notification settings"
      saving={save.isPending}
      dirty={form.formState.isDirty}
      onSubmit={form.handleSubmit((values) =>
        save.mutate(
          values,
          toastFeedback({
            title: 'Notification settings saved',
            description: 'Your email choices were saved.',
          }),
        ),
      )}
    >
      <fieldset className="grid gap-3">
        <legend className="sr-only">Instant alerts</legend>
        <label className="flex items-start gap-3">
          <input type="checkbox" className="mt-1 size-4 accent-primary" {...form.register('instantAlerts')} />
          <span className="grid gap-0.5">
            <span className="text-sm font-medium">Email me when a new review needs attention</span>
            <span className="text-sm text-muted-foreground">
              Sent as soon as the review arrives, from any source, with a link to answer it. Also when a
              customer answers you, or Google or Facebook changes a review you answered.
            </span>
          </span>
        </label>
        <div className="grid gap-1.5 pl-7 sm:max-w-xs">
          <Label htmlFor={ratingId}>For reviews rated</Label>
          <Controller
            control={form.control}
            name="alertMaxRating"
            render={({ field }) => (
              <Select
                value={String(field.value)}
                onValueChange={(value) => field.onChange(Number(value))}
                disabled={!instant}
              >
                <SelectTrigger id={ratingId}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {RATING_CHOICES.map((choice) => (
                    <SelectItem key={choice.value} value={String(choice.value)}>
                      {choice.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </div>
      </fieldset>
      <label className="flex items-start gap-3">
        <input type="checkbox" className="mt-1 size-4 accent-primary" {...form.register('weeklyDigest')} />
        <span className="grid gap-0.5">
          <span className="text-sm font-medium">Send me a weekly summary</span>
          <span className="text-sm text-muted-foreground">
            Every Monday: new reviews, average rating, how many you answered, what is still waiting, and the
            week's best and worst review.
          </span>
        </span>
      </label>
    </SettingsFormCard>
  );
}
