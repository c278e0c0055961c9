import { FileText, Pencil, Plus, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { DialogLoading, FullPageSpinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { CHANNELS, type Channel } from '@shared/domain';
import { METHOD_LABELS } from '@shared/review-requests';
import type { Template } from '@shared/template-words';
import { DEFAULT_TEMPLATES } from '@shared/templates';
import { LANGUAGE_LABELS } from '@shared/i18n/languages';

import { useDeleteTemplate } from '../api/delete-template';
import { useTemplates } from '../api/get-templates';
import type { TemplateDraft } from './template-dialog';

// The editor (its form, validation and dialog) loads when a template is first opened, not with the list.
const TemplateDialog = lazy(() => import('./template-dialog').then((m) => ({ default: m.TemplateDialog })));

function TemplateCard({
  template,
  onEdit,
  onDelete,
}: {
  template: Template;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-3 space-y-0">
        <div className="grid min-w-0 gap-1.5">
          <CardTitle className="flex flex-wrap items-center gap-2 text-base">
            <span className="truncate">{template.name}</span>
            {template.isDefault ? <Badge variant="success">Default</Badge> : null}
            {template.builtIn ? <Badge variant="secondary">Built-in</Badge> : null}
            <Badge variant="outline" lang={template.language}>
              {LANGUAGE_LABELS[template.language]}
            </Badge>
          </CardTitle>
          {template.subject ? (
            <CardDescription className="truncate">{template.subject}</CardDescription>
          ) : null}
        </div>
        <div className="flex shrink-0 gap-1">
          <Button
            variant="outline"
            size="sm"
            onClick={onEdit}
            aria-label={template.builtIn ? `Customize ${template.name}` : `Edit ${template.name}`}
          >
            <Pencil aria-hidden="true" />
            {template.builtIn ? 'Customize' : 'Edit'}
          </Button>
          {template.builtIn ? null : (
            <Button variant="ghost" size="icon" onClick={onDelete} aria-label={`Delete ${template.name}`}>
              <Trash2 aria-hidden="true" />
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent>
        <p className="line-clamp-4 whitespace-pre-wrap break-words text-sm text-muted-foreground">
          {template.body}
        </p>
      </CardContent>
    </Card>
  );
}

/** /templates: the wording of the email, SMS and WhatsApp requests, one list per channel. */
export function TemplatesPage() {
  const templates = useTemplates();
  const remove = useDeleteTemplate();
  const [channel, setChannel] = useState<Channel>('email');
  const [draft, setDraft] = useState<TemplateDraft | null>(null);
  const editorMounted = useOpenedOnce(draft !== null);
  const [deleting, setDeleting] = useState<Template | null>(null);

  function startNew(c: Channel) {
    const shipped = DEFAULT_TEMPLATES[c];
    setDraft({
      id: null,
      channel: c,
      language: 'en',
      name: '',
      subject: shipped.subject,
      body: shipped.body,
      isDefault: false,
    });
  }

  function edit(t: Template) {
    // A built-in template is a starting point: saving it makes the client's own copy, their default.
    setDraft(
      t.builtIn
        ? {
            id: null,
            channel: t.channel,
            language: t.language,
            name: `My ${t.name.replace(/^Default /, '')}`,
            subject: t.subject,
            body: t.body,
            isDefault: true,
          }
        : {
            id: t.id,
            channel: t.channel,
            language: t.language,
            name: t.name,
            subject: t.subject,
            body: t.body,
            isDefault: t.isDefault,
          },
    );
  }

  function confirmDelete() {
    if (!deleting?.id) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: 'Template deleted', description: `“${deleting.name}” has been deleted.` });
        setDeleting(null);
      },
      onError: (error) => {
        toast({ title: 'Error', description: error.message, variant: 'destructive' });
      },
    });
  }

  if (templates.isPending) return <FullPageSpinner label="Loading templates…" />;
  if (templates.isError)
    return (
      <EmptyState
        icon={FileText}
        title="Templates could not be loaded"
        description={templates.error.message}
      />
    );

  return (
    <div className="grid gap-4">
      <Tabs value={channel} onValueChange={(v) => setChannel(v as Channel)}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <TabsList>
            {CHANNELS.map((c) => (
              <TabsTrigger key={c} value={c}>
                {METHOD_LABELS[c]}
              </TabsTrigger>
            ))}
          </TabsList>
          <Button onClick={() => startNew(channel)} className="w-full sm:w-fit">
            <Plus aria-hidden="true" />
            New {METHOD_LABELS[channel]} template
          </Button>
        </div>
        {CHANNELS.map((c) => (
          <TabsContent key={c} value={c} className="grid gap-3">
            {templates.data
              .filter((t) => t.channel === c)
              .map((t) => (
                <TemplateCard
                  key={t.id ?? `built-in-${c}`}
                  template={t}
                  onEdit={() => edit(t)}
                  onDelete={() => setDeleting(t)}
                />
              ))}
          </TabsContent>
        ))}
      </Tabs>

      {editorMounted ? (
        <Suspense fallback={<DialogLoading />}>
          <TemplateDialog draft={draft} onOpenChange={(open) => !open && setDraft(null)} />
        </Suspense>
      ) : null}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete template?"
        description={`“${deleting?.name ?? ''}” will be deleted. Requests that used it keep their sent text.`}
        confirmLabel="Delete"
        pending={remove.isPending}
        pendingLabel="Deleting…"
        onConfirm={confirmDelete}
      />
    </div>
  );
}

export default TemplatesPage;
