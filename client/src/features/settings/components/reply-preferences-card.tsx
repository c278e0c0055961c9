import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { REPLY_TONE_LABELS, REPLY_TONES, SIGNATURE_MAX, type ReplySettings } from '@shared/reply-settings';

import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SettingsCard } from '@/components/ui/settings-card';
import { Spinner } from '@/components/ui/spinner';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { toastFeedback } from '@/components/ui/notify-error';

import { useReplySettings, useSaveReplySettings } from '../api/reply-settings';

/**
 * Settings › Profile: the tone and signature of the replies "Suggest response" writes when the writing
 * assistant (a language model) is set up on this server (issue 16, item 4).
 */
export function ReplyPreferencesCard() {
  const settings = useReplySettings();
  return (
    <SettingsCard
      title="Suggested replies"
      description={
        <>
          How the writing assistant words the replies it suggests. You always read and edit a suggestion
          before it is sent.
        </>
      }
    >
      {settings.data ? (
        <ReplyPreferencesForm saved={settings.data} />
      ) : (
        <Spinner label="Loading your reply preferences…" />
      )}
    </SettingsCard>
  );
}

// The rules load with the form's first focus (lib/lazy-zod-resolver.ts).
const replySettingsResolver = lazyZodResolver<ReplySettings, ReplySettings>(() =>
  import('@shared/schemas/reply-settings').then((m) => m.ReplySettingsSchema),
);

function ReplyPreferencesForm({ saved }: { saved: ReplySettings }) {
  const save = useSaveReplySettings();
  const form = useForm<ReplySettings>({ resolver: replySettingsResolver, defaultValues: saved });
  const { errors, isDirty } = form.formState;
  useEffect(() => form.reset(saved), [saved, form]);

  return (
    <form
      noValidate
      className="grid gap-4"
      onFocus={replySettingsResolver.preload}
      onSubmit={form.handleSubmit((values) =>
        save.mutate(
          values,
          toastFeedback({ title: 'Reply preferences saved', description: 'New suggestions use them.' }),
        ),
      )}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Tone</legend>
        {REPLY_TONES.map((tone) => (
          <label key={tone} className="flex items-start gap-3">
            <input
              type="radio"
              value={tone}
              className="mt-1 size-4 accent-primary"
              {...form.register('tone')}
            />
            <span className="grid gap-0.5">
              <span className="text-sm font-medium">{REPLY_TONE_LABELS[tone].label}</span>
              <span className="text-sm text-muted-foreground">{REPLY_TONE_LABELS[tone].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <FormField
        id="reply-signature"
        label="Signature"
        error={errors.signature?.message}
        description={`Ends every suggested reply, e.g. "— Anna, Bella Pasta". Up to ${SIGNATURE_MAX} characters; leave empty for none.`}
      >
        <Input placeholder="— Anna, Bella Pasta" {...form.register('signature')} />
      </FormField>
      <Button
        type="submit"
        className="w-fit"
        pending={save.isPending}
        pendingLabel="Saving…"
        disabled={!isDirty}
      >
        Save reply preferences
      </Button>
    </form>
  );
}
