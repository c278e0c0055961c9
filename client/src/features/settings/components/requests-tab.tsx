import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ASK_WINDOW_MAX_DAYS, SECOND_REMINDER_DEFAULT_DAYS } from '@shared/request-settings-limits';
import type { RequestSettings, RequestSettingsSchema } from '@shared/schemas/request-settings';
import type { z } from 'zod';

import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SettingsFormCard } from '@/components/ui/settings-card';
import { FullPageSpinner } from '@/components/ui/spinner';
import { TimeZoneInput } from '@/components/ui/time-zone-input';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { toastFeedback } from '@/components/ui/notify-error';

import { useRequestSettings, useSaveRequestSettings } from '../api/request-settings';

type FormInput = z.input<typeof RequestSettingsSchema>;

// The rules load with the form's first focus, not with the tab (lib/lazy-zod-resolver.ts).
const requestsResolver = lazyZodResolver<FormInput, RequestSettings>(() =>
  import('@shared/schemas/request-settings').then((m) => m.RequestSettingsSchema),
);

/** Settings › Requests: follow-up reminders and quiet hours (issue 14). */
export function RequestsTab() {
  const settings = useRequestSettings();
  if (!settings.data) return <FullPageSpinner label="Loading your request settings…" />;
  return <RequestsForm saved={settings.data} />;
}

function RequestsForm({ saved }: { saved: RequestSettings }) {
  const save = useSaveRequestSettings();
  const form = useForm<FormInput, unknown, RequestSettings>({
    resolver: requestsResolver,
    defaultValues: saved,
  });
  useEffect(() => form.reset(saved), [saved, form]);
  const { errors } = form.formState;
  const reminders = form.watch('remindersEnabled');
  const second = form.watch('secondReminderDays');
  const quiet = form.watch('quietHoursEnabled');

  return (
    <SettingsFormCard
      onFocus={requestsResolver.preload}
      title="Review requests"
      description={
        <>
          A friendly reminder is what turns most requests into reviews. Reminders go only to customers who
          have not reviewed yet, and stop when they do, opt out, or you cancel the request.
        </>
      }
      saveLabel="Save request settings"
      saving={save.isPending}
      dirty={form.formState.isDirty}
      noValidate
      onSubmit={form.handleSubmit((values) =>
        save.mutate(
          values,
          toastFeedback({
            title: 'Request settings saved',
            description: 'Reminders, quiet hours and how often customers are asked were saved.',
          }),
        ),
      )}
    >
      <fieldset className="grid gap-4">
        <legend className="text-sm font-semibold">Follow-up reminders</legend>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 size-4 accent-primary"
            {...form.register('remindersEnabled')}
          />
          <span className="text-sm font-medium">Remind customers who have not left a review</span>
        </label>
        <div className="grid gap-4 pl-7 sm:grid-cols-2">
          <FormField
            id="first-reminder-days"
            label="First reminder after (days)"
            error={errors.firstReminderDays?.message}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={30}
              disabled={!reminders}
              {...form.register('firstReminderDays')}
            />
          </FormField>
          <div className="grid content-start gap-2">
            <Controller
              control={form.control}
              name="secondReminderDays"
              render={({ field }) => (
                <label className="flex items-center gap-3 text-sm font-medium">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    disabled={!reminders}
                    checked={field.value !== null}
                    onChange={(e) => field.onChange(e.target.checked ? SECOND_REMINDER_DEFAULT_DAYS : null)}
                  />
                  Send a second reminder
                </label>
              )}
            />
            {second !== null ? (
              <FormField
                id="second-reminder-days"
                label="Second reminder after (days)"
                error={errors.secondReminderDays?.message}
              >
                <Input
                  type="number"
                  inputMode="numeric"
                  min={2}
                  max={30}
                  disabled={!reminders}
                  {...form.register('secondReminderDays')}
                />
              </FormField>
            ) : null}
          </div>
        </div>
      </fieldset>

      <fieldset className="grid gap-4">
        <legend className="text-sm font-semibold">How often a customer is asked</legend>
        <FormField
          id="ask-window-days"
          label="Ask each customer at most once every N days"
          error={errors.askWindowDays?.message}
          description="Send to many and the API skip a customer asked in these days, and say so; a single request asks you first. 0 turns this off."
        >
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={ASK_WINDOW_MAX_DAYS}
            className="sm:w-32"
            {...form.register('askWindowDays')}
          />
        </FormField>
      </fieldset>

      <fieldset className="grid gap-4">
        <legend className="text-sm font-semibold">Quiet hours</legend>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 size-4 accent-primary"
            {...form.register('quietHoursEnabled')}
          />
          <span className="grid gap-0.5">
            <span className="text-sm font-medium">Never send at night</span>
            <span className="text-sm text-muted-foreground">
              Messages and reminders due in these hours wait until the morning, in the customer&apos;s time
              zone.
            </span>
          </span>
        </label>
        <div className="grid gap-4 pl-7 sm:grid-cols-2">
          <FormField id="quiet-start" label="From" error={errors.quietStart?.message}>
            <Input type="time" disabled={!quiet} {...form.register('quietStart')} />
          </FormField>
          <FormField id="quiet-end" label="Until" error={errors.quietEnd?.message}>
            <Input type="time" disabled={!quiet} {...form.register('quietEnd')} />
          </FormField>
        </div>
        <QuietHoursZones businessZone={saved.timeZone} />
        <Controller
          control={form.control}
          name="timeZone"
          render={({ field }) => (
            <FormField
              id="business-time-zone"
              label="Your time zone"
              error={errors.timeZone?.message}
              description="Used for customers whose own, phone's and location's time zones are unknown."
            >
              <TimeZoneInput value={(field.value as string | null) ?? ''} onChange={field.onChange} />
            </FormField>
          )}
        />
      </fieldset>
    </SettingsFormCard>
  );
}

/** Which time zone quiet hours and reminders use for each customer, as the saved settings stand. */
function QuietHoursZones({ businessZone }: { businessZone: string | null }) {
  return (
    <div className="grid gap-2 text-sm">
      <p className="text-muted-foreground">
        Quiet hours use each customer&apos;s time zone: their own if set, else their phone&apos;s country
        (e.g. +44 → Europe/London), else their location&apos;s, else your business zone
        {businessZone ? (
          <>
            : <span className="font-medium text-foreground">{businessZone}</span>.
          </>
        ) : (
          ', which is not set.'
        )}
      </p>
      {businessZone ? null : (
        <p
          role="note"
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          Without your business zone, quiet hours reach only customers whose time zone is known: their own,
          their phone&apos;s country or their location&apos;s. A +1 number, for example, has several. Set your
          time zone below.
        </p>
      )}
    </div>
  );
}
