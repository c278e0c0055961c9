import { Copy, ExternalLink } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { ProofSettings, ProofSettingsInput } from '@shared/schemas/proof';

import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SettingsCard, SettingsFormCard } from '@/components/ui/settings-card';
import { FullPageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { fieldError } from '@/lib/form-errors';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { notifyError } from '@/components/ui/notify-error';
import { copyText } from '@/components/ui/copy-text';
import { PROOF_MESSAGES } from '@shared/proof';

import { useProofSettings, useSaveProofSettings } from '../api/proof-settings';

const proofResolver = lazyZodResolver<ProofSettingsInput, ProofSettingsInput>(() =>
  import('@shared/schemas/proof').then((m) => m.ProofSettingsSchema),
);

/** The badge and its link, as an owner pastes them into a website. */
export function badgeSnippet(settings: Pick<ProofSettings, 'pageUrl' | 'badgeUrl'>): string {
  return `<a href="${settings.pageUrl}"><img src="${settings.badgeUrl}" alt="Honest reviews: see how we collect them" height="20"></a>`;
}

/** Settings › Proof (owner): the public proof of honest review collection and its badge (issue 47). */
export function ProofTab() {
  const settings = useProofSettings();
  if (!settings.data) return <FullPageSpinner label="Loading your proof page…" />;
  return <ProofSettingsForm saved={settings.data} />;
}

function ProofSettingsForm({ saved }: { saved: ProofSettings }) {
  const save = useSaveProofSettings();
  const defaults = useMemo(() => ({ enabled: saved.enabled, slug: saved.slug }), [saved]);
  const form = useForm<ProofSettingsInput>({ resolver: proofResolver, defaultValues: defaults });
  useEffect(() => form.reset(defaults), [defaults, form]);
  const { errors } = form.formState;
  const pagePrefix = saved.pageUrl.slice(0, saved.pageUrl.length - saved.slug.length);

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <SettingsFormCard
        onFocus={proofResolver.preload}
        title="Public proof page"
        description={
          <>
            Show anyone that you ask every customer and offer Google and Facebook to every rating, not only to
            happy customers. The page counts the last 12 months from a log of every invitation and every
            offer, in which each entry carries the hash of the one before, so nobody can change it unnoticed.
            Its figures are refreshed once a day.
          </>
        }
        saveLabel="Save proof page"
        saving={save.isPending}
        dirty={form.formState.isDirty}
        noValidate
        onSubmit={form.handleSubmit((input) =>
          save.mutate(input, {
            onSuccess: (result) =>
              toast({
                title: PROOF_MESSAGES.saved,
                description: result.enabled ? PROOF_MESSAGES.published : PROOF_MESSAGES.unpublished,
              }),
            onError: (error) => {
              const taken = fieldError(error, { conflict: 'slug' as const });
              if (taken) form.setError(taken.field, { message: taken.message }, { shouldFocus: true });
              else notifyError(error);
            },
          }),
        )}
      >
        <label className="flex items-center gap-3 text-sm">
          <input type="checkbox" className="size-4 accent-primary" {...form.register('enabled')} />
          Publish my proof page
        </label>
        <FormField
          id="proof-slug"
          label="Page address"
          error={errors.slug?.message}
          description={<span className="break-all">{pagePrefix}your-address</span>}
        >
          <Input autoComplete="off" spellCheck={false} {...form.register('slug')} />
        </FormField>
      </SettingsFormCard>
      {saved.enabled ? <ShareCard saved={saved} /> : null}
    </div>
  );
}

function ShareCard({ saved }: { saved: ProofSettings }) {
  const snippet = badgeSnippet(saved);
  return (
    <SettingsCard
      title="Share it"
      description={<>Link to your page, or put its badge on your website.</>}
      contentClassName="grid gap-4"
    >
      <img src={saved.badgeUrl} alt="Your badge" height={20} className="h-5 w-fit" />
      <pre className="overflow-x-auto rounded-md bg-muted p-3 text-xs" tabIndex={0} aria-label="Badge code">
        <code>{snippet}</code>
      </pre>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          onClick={() =>
            copyText(
              snippet,
              { title: 'Copied', description: 'Paste it into your website where the badge should show.' },
              'the code',
            )
          }
        >
          <Copy aria-hidden="true" />
          Copy badge code
        </Button>
        <Button asChild variant="outline">
          <a href={saved.pageUrl} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            Open your proof page
          </a>
        </Button>
      </div>
      {saved.head ? (
        <p className="text-sm text-muted-foreground">
          Last published {new Date(saved.head.publishedAt).toLocaleString()}: {saved.head.seq} entries in your
          log.
        </p>
      ) : null}
    </SettingsCard>
  );
}
