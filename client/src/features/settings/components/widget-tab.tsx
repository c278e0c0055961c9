import { zodResolver } from '@hookform/resolvers/zod';
import { Copy, ExternalLink, KeyRound } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import type { z } from 'zod';
import {
  WIDGET_MAX_REVIEWS,
  WidgetSettingsSchema,
  type PublicWidget,
  type WidgetLayout,
  type WidgetSettings,
  type WidgetSettingsInput,
  type WidgetSource,
  type WidgetTheme,
} from '@shared/schemas/widget';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { SettingsCard, SettingsFormCard } from '@/components/ui/settings-card';
import { FullPageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { renderWidget } from '@/components/widget/render-widget';
import { notifyError, toastFeedback } from '@/lib/notify-error';
import { useDebouncedValue } from '@/lib/use-debounced-value';

import {
  usePickableReviews,
  useRotateWidgetKey,
  useSaveWidgetSettings,
  useWidgetPreview,
  useWidgetSettings,
} from '../api/widget-settings';

type FormInput = z.input<typeof WidgetSettingsSchema>;

const SOURCES: { value: WidgetSource; label: string }[] = [
  { value: 'google', label: 'Google' },
  { value: 'facebook', label: 'Facebook' },
];
const LAYOUTS: { value: WidgetLayout; label: string; hint: string }[] = [
  { value: 'carousel', label: 'Carousel', hint: 'One review at a time, with next and previous buttons' },
  { value: 'grid', label: 'Grid', hint: 'Several reviews side by side' },
  { value: 'badge', label: 'Badge', hint: 'Your average rating and number of reviews' },
];
const THEMES: { value: WidgetTheme; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];
const MIN_RATINGS = [5, 4, 3, 2, 1] as const;

/** The one line an owner pastes into their website. */
export function embedSnippet(settings: Pick<WidgetSettings, 'scriptUrl' | 'publicKey'>): string {
  return `<script src="${settings.scriptUrl}" data-key="${settings.publicKey}" async></script>`;
}

async function copySnippet(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast({
      title: 'Copied',
      description: 'Paste the line into your website where the reviews should show.',
    });
  } catch {
    toast({
      title: 'Copy failed',
      description: 'Select the line and copy it by hand.',
      variant: 'destructive',
    });
  }
}

/** Settings › Widget: which reviews the website widget shows, how it looks, and the line to embed it (issue 16). */
export function WidgetTab() {
  const settings = useWidgetSettings();
  if (!settings.data) return <FullPageSpinner label="Loading your widget settings…" />;
  return <WidgetSettingsForm saved={settings.data} />;
}

function inputOf(settings: WidgetSettings): WidgetSettingsInput {
  const { mode, minRating, sources, onlyWithText, reviewIds, layout, theme, accentColor } = settings;
  return { mode, minRating, sources, onlyWithText, reviewIds, layout, theme, accentColor };
}

function WidgetSettingsForm({ saved }: { saved: WidgetSettings }) {
  const save = useSaveWidgetSettings();
  const defaults = useMemo(() => inputOf(saved), [saved]);
  const form = useForm<FormInput, unknown, WidgetSettingsInput>({
    resolver: zodResolver(WidgetSettingsSchema),
    defaultValues: defaults,
  });
  useEffect(() => form.reset(defaults), [defaults, form]);
  const { errors } = form.formState;
  const mode = form.watch('mode');

  // The preview follows the form as it is, once it holds still and is valid.
  const values = form.watch();
  const draft = useDebouncedValue(JSON.stringify(values), 300);
  const parsed = useMemo(() => WidgetSettingsSchema.safeParse(JSON.parse(draft)), [draft]);
  const preview = useWidgetPreview(parsed.success ? parsed.data : null);

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <SettingsFormCard
        title="Website widget"
        description={
          <>
            Show your best public reviews on your own website. Only reviews posted on Google or Facebook can
            show; private feedback and reviews left on your review page never do.
          </>
        }
        saveLabel="Save widget"
        saving={save.isPending}
        dirty={form.formState.isDirty}
        noValidate
        onSubmit={form.handleSubmit((input) =>
          save.mutate(
            input,
            toastFeedback({
              title: 'Widget saved',
              description: 'Your website shows the new selection within five minutes.',
            }),
          ),
        )}
      >
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-semibold">Which reviews show</legend>
          <label className="flex items-center gap-3 text-sm">
            <input type="radio" value="auto" className="size-4 accent-primary" {...form.register('mode')} />
            The newest reviews that match these rules
          </label>
          <label className="flex items-center gap-3 text-sm">
            <input
              type="radio"
              value="hand-picked"
              className="size-4 accent-primary"
              {...form.register('mode')}
            />
            Only reviews I pick
          </label>
        </fieldset>

        {mode === 'hand-picked' ? (
          <ReviewPicker control={form.control} error={errors.reviewIds?.message} />
        ) : (
          <fieldset className="grid gap-4">
            <legend className="mb-1 text-sm font-semibold">Rules</legend>
            <FormField id="widget-min-rating" label="Minimum rating" error={errors.minRating?.message}>
              <select
                className="h-10 rounded-md border border-input bg-background px-3 text-sm"
                {...form.register('minRating')}
              >
                {MIN_RATINGS.map((stars) => (
                  <option key={stars} value={stars}>
                    {stars === 5 ? '5 stars only' : `${stars} stars and up`}
                  </option>
                ))}
              </select>
            </FormField>
            <Controller
              control={form.control}
              name="sources"
              render={({ field }) => (
                <fieldset
                  className="grid gap-2"
                  aria-describedby={errors.sources ? 'widget-sources-error' : undefined}
                >
                  <legend className="text-sm font-medium">Sources</legend>
                  {SOURCES.map((source) => (
                    <label key={source.value} className="flex items-center gap-3 text-sm">
                      <input
                        type="checkbox"
                        className="size-4 accent-primary"
                        checked={field.value.includes(source.value)}
                        onChange={(e) =>
                          field.onChange(
                            e.target.checked
                              ? [...field.value, source.value]
                              : field.value.filter((v) => v !== source.value),
                          )
                        }
                      />
                      {source.label}
                    </label>
                  ))}
                  {errors.sources ? (
                    <p
                      id="widget-sources-error"
                      role="alert"
                      className="text-sm font-medium text-destructive"
                    >
                      {errors.sources.message}
                    </p>
                  ) : null}
                </fieldset>
              )}
            />
            <label className="flex items-center gap-3 text-sm">
              <input type="checkbox" className="size-4 accent-primary" {...form.register('onlyWithText')} />
              Only reviews with text
            </label>
          </fieldset>
        )}

        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-semibold">Layout</legend>
          {LAYOUTS.map((layout) => (
            <label key={layout.value} className="flex items-start gap-3 text-sm">
              <input
                type="radio"
                value={layout.value}
                className="mt-1 size-4 accent-primary"
                {...form.register('layout')}
              />
              <span>
                <span className="font-medium">{layout.label}</span>
                <span className="block text-muted-foreground">{layout.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>

        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-semibold">Theme</legend>
          <div className="flex gap-6">
            {THEMES.map((theme) => (
              <label key={theme.value} className="flex items-center gap-3 text-sm">
                <input
                  type="radio"
                  value={theme.value}
                  className="size-4 accent-primary"
                  {...form.register('theme')}
                />
                {theme.label}
              </label>
            ))}
          </div>
          <FormField
            id="widget-accent"
            label="Star colour (optional)"
            error={errors.accentColor?.message}
            description="A colour like #4f46e5; empty for the theme's own."
          >
            <Input
              placeholder="#b45309"
              autoComplete="off"
              className="max-w-40"
              {...form.register('accentColor')}
            />
          </FormField>
        </fieldset>
      </SettingsFormCard>

      <div className="grid content-start gap-6">
        <SettingsCard
          title="Preview"
          description={
            <>
              {form.formState.isDirty
                ? 'How the widget will look once you save.'
                : 'How the widget looks on your website.'}
            </>
          }
        >
          {preview.data ? (
            <WidgetPreview widget={preview.data} />
          ) : preview.isError ? (
            <p className="text-sm text-muted-foreground">The preview could not be loaded.</p>
          ) : (
            <p className="text-sm text-muted-foreground">Loading the preview…</p>
          )}
        </SettingsCard>
        <EmbedCard saved={saved} />
      </div>
    </div>
  );
}

/** The real widget's rendering (the same code as the embed script), in a shadow root of its own. */
export function WidgetPreview({ widget }: { widget: PublicWidget }) {
  const hostRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    renderWidget(host.shadowRoot ?? host.attachShadow({ mode: 'open' }), widget);
  }, [widget]);
  return <div ref={hostRef} data-testid="widget-preview" />;
}

function ReviewPicker({
  control,
  error,
}: {
  control: Control<FormInput, unknown, WidgetSettingsInput>;
  error?: string;
}) {
  const [page, setPage] = useState(1);
  const reviews = usePickableReviews(page, true);
  return (
    <Controller
      control={control}
      name="reviewIds"
      render={({ field }) => {
        const chosen = field.value as number[];
        const full = chosen.length >= WIDGET_MAX_REVIEWS;
        return (
          <fieldset className="grid gap-3" aria-describedby="widget-picks-count">
            <legend className="mb-1 text-sm font-semibold">Reviews to show</legend>
            <p id="widget-picks-count" className="text-sm text-muted-foreground">
              {chosen.length} of at most {WIDGET_MAX_REVIEWS} chosen.
            </p>
            {error ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            ) : null}
            {reviews.data && reviews.data.total === 0 ? (
              <p className="text-sm text-muted-foreground">
                No Google or Facebook reviews yet. Connect them in Settings › Integrations.
              </p>
            ) : null}
            <ul className="grid gap-2">
              {reviews.data?.items.map((review) => {
                const checked = chosen.includes(review.id);
                return (
                  <li key={review.id}>
                    <label className="flex items-start gap-3 rounded-md border p-3 text-sm">
                      <input
                        type="checkbox"
                        className="mt-1 size-4 accent-primary"
                        checked={checked}
                        disabled={!checked && full}
                        onChange={(e) =>
                          field.onChange(
                            e.target.checked
                              ? [...chosen, review.id]
                              : chosen.filter((id) => id !== review.id),
                          )
                        }
                      />
                      <span className="grid gap-0.5">
                        <span className="font-medium">
                          {review.reviewerName || 'A customer'}, {review.rating} out of 5 stars on{' '}
                          {review.source === 'google' ? 'Google' : 'Facebook'}
                        </span>
                        <span className="line-clamp-2 text-muted-foreground">
                          {review.content.trim() || 'No text'}
                        </span>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
            {reviews.data && reviews.data.total > reviews.data.pageSize ? (
              <Pagination
                page={page}
                pageSize={reviews.data.pageSize}
                total={reviews.data.total}
                onPageChange={setPage}
                label="Reviews to pick from"
              />
            ) : null}
          </fieldset>
        );
      }}
    />
  );
}

function EmbedCard({ saved }: { saved: WidgetSettings }) {
  const rotate = useRotateWidgetKey();
  const [confirming, setConfirming] = useState(false);
  const snippet = embedSnippet(saved);
  return (
    <SettingsCard
      title="Add it to your website"
      description={<>Paste this line into your website&apos;s HTML where the reviews should show.</>}
      contentClassName="grid gap-4"
    >
      <pre className="overflow-x-auto rounded-md bg-muted p-3 text-xs" tabIndex={0} aria-label="Embed code">
        <code>{snippet}</code>
      </pre>
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={() => copySnippet(snippet)}>
          <Copy aria-hidden="true" />
          Copy code
        </Button>
        <Button asChild variant="outline">
          <a href={saved.wallUrl} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            Open your review wall
          </a>
        </Button>
        <Button type="button" variant="ghost" onClick={() => setConfirming(true)}>
          <KeyRound aria-hidden="true" />
          Change key
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        The review wall shows the same reviews on a page of its own, to share anywhere:{' '}
        <span className="break-all">{saved.wallUrl}</span>
      </p>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Change the widget's key?"
        description="The code on your website and your review wall link stop working at once. You will need to paste the new code."
        confirmLabel="Change key"
        pending={rotate.isPending}
        onConfirm={() =>
          rotate.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: 'Key changed', description: 'Copy the new code into your website.' });
            },
            onError: (error) => notifyError(error),
          })
        }
      />
    </SettingsCard>
  );
}
