import { Copy, ExternalLink, KeyRound } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type {
  PublicWidget,
  WidgetSettings,
  WidgetSettingsFormInput,
  WidgetSettingsInput,
} from '@shared/schemas/widget';
import type { WidgetLayout, WidgetSource, WidgetTheme } from '@shared/widget';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SettingsCard, SettingsFormCard } from '@/components/ui/settings-card';
import { ContentSpinner, FullPageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { renderWidget } from '@/components/widget/render-widget';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { notifyError, toastFeedback } from '@/components/ui/notify-error';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { copyText } from '@/components/ui/copy-text';

import {
  useRotateWidgetKey,
  useSaveWidgetSettings,
  useWidgetPreview,
  useWidgetSettings,
} from '../api/widget-settings';

type FormInput = WidgetSettingsFormInput;

// The hand-pick list (and its pages) loads when the owner chooses "Only reviews I pick".
const ReviewPicker = lazy(() => import('./widget-review-picker').then((m) => ({ default: m.ReviewPicker })));

// The rules load with the form's first focus, not with the tab (lib/lazy-zod-resolver.ts).
const widgetResolver = lazyZodResolver<FormInput, WidgetSettingsInput>(() =>
  import('@shared/schemas/widget').then((m) => m.WidgetSettingsSchema),
);

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

/**
 * The settings the preview shows: the form's values once they hold still and pass the rules (null while they
 * do not). The saved settings need no check, so the rules load only when the owner changes something.
 */
function usePreviewSettings(draft: string, saved: WidgetSettingsInput): WidgetSettingsInput | null {
  const [checked, setChecked] = useState<{ draft: string; settings: WidgetSettingsInput | null } | null>(
    null,
  );
  const unchanged = draft === JSON.stringify(saved);
  useEffect(() => {
    if (unchanged) return;
    let current = true;
    const check = widgetResolver(JSON.parse(draft) as FormInput, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    void Promise.resolve(check).then((result) => {
      const valid = Object.keys(result.errors).length === 0;
      if (current) setChecked({ draft, settings: valid ? (result.values as WidgetSettingsInput) : null });
    });
    return () => {
      current = false;
    };
  }, [draft, unchanged]);
  if (unchanged) return saved;
  return checked?.draft === draft ? checked.settings : null;
}

function WidgetSettingsForm({ saved }: { saved: WidgetSettings }) {
  const save = useSaveWidgetSettings();
  const defaults = useMemo(() => inputOf(saved), [saved]);
  const form = useForm<FormInput, unknown, WidgetSettingsInput>({
    resolver: widgetResolver,
    defaultValues: defaults,
  });
  useEffect(() => form.reset(defaults), [defaults, form]);
  const { errors } = form.formState;
  const mode = form.watch('mode');

  // The preview follows the form as it is, once it holds still and is valid.
  const values = form.watch();
  const draft = useDebouncedValue(JSON.stringify(values), 300);
  const preview = useWidgetPreview(usePreviewSettings(draft, defaults));

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <SettingsFormCard
        onFocus={widgetResolver.preload}
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
          <Suspense fallback={<ContentSpinner label="Loading your reviews…" />}>
            <ReviewPicker control={form.control} error={errors.reviewIds?.message} />
          </Suspense>
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
        <Button
          type="button"
          onClick={() =>
            copyText(
              snippet,
              {
                title: 'Copied',
                description: 'Paste the line into your website where the reviews should show.',
              },
              'the line',
            )
          }
        >
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
