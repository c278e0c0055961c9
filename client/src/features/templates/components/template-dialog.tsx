import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LanguageSelect } from '@/components/ui/language-select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';
import { cn } from '@/lib/utils';
import type { Channel } from '@shared/domain';
import { METHOD_LABELS } from '@shared/review-requests';
import {
  TemplateFormSchema,
  type TemplateFormInput,
  type TemplateFormValues,
} from '@shared/schemas/templates';
import { DEFAULT_TEMPLATES, OPT_OUT_WORDS, PLACEHOLDERS } from '@shared/templates';
import { LANGUAGE_LABELS, type Language } from '@shared/i18n/languages';
import type { Messages } from '@shared/i18n/resources';
import { displayName, type PublicUser } from '@shared/schemas/user';

import { useSaveTemplate } from '../api/save-template';
import { customerWordsIn } from '../built-in-words';
import { TemplatePreview } from './template-preview';

export interface TemplateDraft {
  /** null: a new template (possibly started from a built-in one). */
  id: number | null;
  channel: Channel;
  language: Language;
  name: string;
  subject: string | null;
  body: string;
  isDefault: boolean;
}

/** The customer words of a language (built-in templates, opt-out words), loaded when it is chosen. */
function useCustomerWords(language: Language): Messages | null {
  const [loaded, setLoaded] = useState<{ language: Language; words: Messages } | null>(null);
  useEffect(() => {
    let current = true;
    customerWordsIn(language).then(
      (words) => current && setLoaded({ language, words }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [language]);
  return loaded?.language === language ? loaded.words : null;
}

/** Texts of the built-in templates of every language loaded so far: a draft showing one is not written yet. */
const builtInTexts = new Set<string>(
  Object.values(DEFAULT_TEMPLATES).flatMap((t) => [t.body, ...(t.subject ? [t.subject] : [])]),
);

function isBuiltInText(channel: Channel, text: { subject: string; body: string }): boolean {
  return builtInTexts.has(text.body) && (channel !== 'email' || builtInTexts.has(text.subject));
}

interface TemplateDialogProps {
  draft: TemplateDraft | null;
  onOpenChange: (open: boolean) => void;
}

/** The business name the preview uses: the signed-in client's own, a stand-in for an admin. */
function useBusinessName(): string {
  const { clientId } = useTenant();
  // The signed-in user is already in the cache (the route guards load it); no request here.
  const user = useQueryClient().getQueryData<PublicUser | null>(['/api/user']);
  if (clientId !== undefined || !user) return 'Your business';
  return displayName(user);
}

export function TemplateDialog({ draft, onOpenChange }: TemplateDialogProps) {
  const save = useSaveTemplate();
  const business = useBusinessName();
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const form = useForm<TemplateFormInput, unknown, TemplateFormValues>({
    resolver: zodResolver(TemplateFormSchema),
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (draft)
      form.reset({
        name: draft.name,
        channel: draft.channel,
        language: draft.language,
        subject: draft.subject ?? '',
        body: draft.body,
        isDefault: draft.isDefault,
      });
  }, [draft, form]);

  const channel = draft?.channel ?? 'email';
  const subject = form.watch('subject');
  const body = form.watch('body') ?? '';
  const language = (form.watch('language') ?? 'en') as Language;
  const words = useCustomerWords(language);

  // A new template still showing a built-in text follows the language chosen: German shows the German one.
  useEffect(() => {
    if (!words) return;
    for (const t of Object.values(words.templates))
      for (const text of [t.body, 'subject' in t ? t.subject : '']) if (text) builtInTexts.add(text);
    if (!draft || draft.id !== null) return;
    const current = { subject: form.getValues('subject') ?? '', body: form.getValues('body') ?? '' };
    if (!isBuiltInText(channel, current)) return;
    const shipped = words.templates[channel];
    form.setValue('subject', 'subject' in shipped ? shipped.subject : '');
    form.setValue('body', shipped.body);
  }, [words, draft, channel, form]);
  const bodyField = form.register('body');

  function insertPlaceholder(name: string) {
    const text = `{{${name}}}`;
    const el = bodyRef.current;
    const current = form.getValues('body') ?? '';
    const start = el?.selectionStart ?? current.length;
    const end = el?.selectionEnd ?? current.length;
    form.setValue('body', current.slice(0, start) + text + current.slice(end), {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + text.length, start + text.length);
    });
  }

  function submit(values: TemplateFormValues) {
    if (!draft) return;
    save.mutate(
      { id: draft.id, values },
      {
        onSuccess: () => {
          toast({ title: 'Template saved', description: `“${values.name}” has been saved.` });
          onOpenChange(false);
        },
        onError: (error) => {
          // The API checks the same rules: what it refuses shows under its field, like the form's own check.
          const details = isApiError(error)
            ? (error.details as Record<string, string[]> | undefined)
            : undefined;
          const fields = (['name', 'subject', 'body'] as const).filter((field) => details?.[field]?.[0]);
          for (const field of fields) form.setError(field, { message: details![field]![0] });
          if (fields.length > 0) return;
          toast({
            title: 'Error',
            description: error.message || 'Failed to save the template. Please try again.',
            variant: 'destructive',
          });
        },
      },
    );
  }

  return (
    <Dialog open={draft !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{draft?.id ? 'Edit template' : 'New template'}</DialogTitle>
          <DialogDescription>
            {METHOD_LABELS[channel]} message sent with each review request.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-4">
          <FormField id="template-name" label="Name" error={errors.name?.message}>
            <Input {...form.register('name')} />
          </FormField>
          <Controller
            control={form.control}
            name="language"
            render={({ field }) => (
              <FormField
                id="template-language"
                label="Customers' language"
                error={errors.language?.message}
                description="Requests to contacts of this language use it. A language without a template of yours gets ReviewFlow's built-in one in that language."
              >
                <LanguageSelect value={field.value} onChange={field.onChange} />
              </FormField>
            )}
          />
          {channel === 'email' ? (
            <FormField id="template-subject" label="Subject" error={errors.subject?.message}>
              <Input {...form.register('subject')} />
            </FormField>
          ) : null}
          <FormField
            id="template-body"
            label="Message"
            error={errors.body?.message}
            description={
              channel === 'email'
                ? undefined
                : `Unless your message says STOP, “${words?.optOut ?? OPT_OUT_WORDS}” is added at the end.`
            }
          >
            <Textarea
              rows={channel === 'email' ? 8 : 5}
              {...bodyField}
              ref={(el) => {
                bodyField.ref(el);
                bodyRef.current = el;
              }}
            />
          </FormField>
          <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Insert a placeholder">
            <span className="text-xs text-muted-foreground">Insert:</span>
            {PLACEHOLDERS.map((name) => (
              <Button
                key={name}
                type="button"
                variant="secondary"
                size="sm"
                onClick={() => insertPlaceholder(name)}
              >
                {`{{${name}}}`}
              </Button>
            ))}
          </div>
          <Controller
            control={form.control}
            name="isDefault"
            render={({ field }) => (
              <div className="flex items-center gap-3">
                <button
                  type="button"
                  role="switch"
                  id="template-default"
                  aria-checked={Boolean(field.value)}
                  onClick={() => field.onChange(!field.value)}
                  className={cn(
                    'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    field.value ? 'bg-primary' : 'bg-input',
                  )}
                >
                  <span
                    className={cn(
                      'block size-5 rounded-full bg-background shadow transition-transform',
                      field.value ? 'translate-x-5' : 'translate-x-0',
                    )}
                  />
                </button>
                <label htmlFor="template-default" className="text-sm font-medium">
                  Use as the default for {METHOD_LABELS[channel]} in {LANGUAGE_LABELS[language]}
                </label>
              </div>
            )}
          />
          <TemplatePreview
            channel={channel}
            subject={subject}
            body={body}
            business={business}
            optOutWords={words?.optOut ?? OPT_OUT_WORDS}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" pending={save.isPending} pendingLabel="Saving…">
              Save template
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
