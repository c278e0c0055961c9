import { Users } from 'lucide-react';
import { useMemo, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { upgradeActionFor } from '@/components/ui/notify-error';
import { CHANNELS, type Channel } from '@shared/domain';
import {
  METHOD_LABELS,
  type BulkReviewRequestPreview,
  type BulkReviewRequestResult,
} from '@shared/review-requests';
import type { BulkReviewRequestInput } from '@shared/schemas/review-requests';

import { useCreateBulkReviewRequests } from '../api/create-bulk-review-requests';
import { useContacts } from '../api/get-contacts';
import { usePreviewBulkReviewRequests } from '../api/preview-bulk-review-requests';
import { BulkPreviewPanel, BulkResult } from './bulk-preview-panel';
import { ChannelModeNote } from './channel-mode-note';
import { LocationField } from './location-field';
import { PublicLinkWarning } from './public-link-warning';

type Errors = Partial<Record<'locationId' | 'method' | 'contactIds', string>>;

/**
 * Send to many: picked contacts or everyone with a tag, one location and one method. Nothing goes out
 * before the owner has seen the preview (who is asked, who is skipped and why, the message) and confirmed.
 */
export function SendToManyCard() {
  const contacts = useContacts();
  const bulk = useCreateBulkReviewRequests();
  const previewSend = usePreviewBulkReviewRequests();
  const [preview, setPreview] = useState<{
    key: string;
    request: BulkReviewRequestInput;
    answer: BulkReviewRequestPreview;
  } | null>(null);
  const [locationId, setLocationId] = useState('');
  const [method, setMethod] = useState<Channel | ''>('');
  const [mode, setMode] = useState<'contacts' | 'tag'>('contacts');
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [tag, setTag] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<BulkReviewRequestResult | null>(null);

  const contactList = useMemo(() => contacts.data ?? [], [contacts.data]);
  const names = useMemo(() => new Map(contactList.map((c) => [c.id, c.name])), [contactList]);
  const tags = useMemo(() => [...new Set(contactList.flatMap((c) => c.tags))].sort(), [contactList]);
  const visible = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q) return contactList;
    return contactList.filter((c) =>
      [c.name, c.email ?? '', c.phone ?? '', ...c.tags].some((v) => v.toLowerCase().includes(q)),
    );
  }, [contactList, search]);
  const allVisiblePicked = visible.length > 0 && visible.every((c) => picked.has(c.id));
  const input = {
    locationId,
    method: method || undefined,
    ...(mode === 'contacts' ? { contactIds: [...picked] } : { tag: tag || undefined }),
  };
  // A preview holds only for the choices it was made for: any change asks for a new one.
  const shown = preview?.key === JSON.stringify(input) ? preview : null;

  function toggle(id: number) {
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function toggleVisible() {
    setPicked((current) => {
      const next = new Set(current);
      for (const c of visible) {
        if (allVisiblePicked) next.delete(c.id);
        else next.add(c.id);
      }
      return next;
    });
  }

  const failed = (error: Error) =>
    toast({
      title: 'Error',
      description: error.message || 'Failed to create review requests. Please try again.',
      variant: 'destructive',
      action: upgradeActionFor(error),
    });

  // The rules load with the first preview, not with the page (issue 43, the first load).
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const { BulkReviewRequestSchema } = await import('@shared/schemas/review-requests');
    const parsed = BulkReviewRequestSchema.safeParse(input);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setResult(null);
    previewSend.mutate(parsed.data, {
      onSuccess: (answer) => setPreview({ key: JSON.stringify(input), request: parsed.data, answer }),
      onError: failed,
    });
  }

  function send(confirmed: BulkReviewRequestInput) {
    bulk.mutate(confirmed, {
      onSuccess: (answer) => {
        setResult(answer);
        setPreview(null);
        setPicked(new Set());
        toast({
          title: 'Review requests created',
          description: `${answer.created} queued to send, ${answer.skipped.length} skipped.`,
        });
      },
      onError: failed,
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Send to many</CardTitle>
        <CardDescription>Pick contacts or a tag; each gets a personal link.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <LocationField
              id="bulk-location"
              value={locationId}
              onValueChange={setLocationId}
              error={errors.locationId}
            />
            <FormField id="bulk-method" label="Method" error={errors.method}>
              <Select value={method} onValueChange={(v) => setMethod(v as Channel)}>
                <SelectTrigger id="bulk-method">
                  <SelectValue placeholder="Select a method" />
                </SelectTrigger>
                <SelectContent>
                  {CHANNELS.map((c) => (
                    <SelectItem key={c} value={c}>
                      {METHOD_LABELS[c]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
          </div>
          <PublicLinkWarning locationId={locationId} />
          <ChannelModeNote channel={method || undefined} />

          <Tabs value={mode} onValueChange={(v) => setMode(v as 'contacts' | 'tag')}>
            <TabsList>
              <TabsTrigger value="contacts">Contacts</TabsTrigger>
              <TabsTrigger value="tag">Tag</TabsTrigger>
            </TabsList>
            <TabsContent value="contacts" className="grid gap-2">
              <label htmlFor="bulk-search" className="sr-only">
                Search contacts
              </label>
              <Input
                id="bulk-search"
                type="search"
                placeholder="Search contacts"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
              {contacts.isPending ? (
                <Spinner size="sm" label="Loading contacts…" />
              ) : contactList.length === 0 ? (
                <p className="text-sm text-muted-foreground">No contacts yet.</p>
              ) : (
                <>
                  <label className="flex items-center gap-2 text-sm font-medium">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={allVisiblePicked}
                      onChange={toggleVisible}
                    />
                    Select all shown ({visible.length})
                  </label>
                  <ul className="max-h-56 divide-y overflow-y-auto rounded-md border" aria-label="Contacts">
                    {visible.map((c) => (
                      <li key={c.id}>
                        <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-accent">
                          <input
                            type="checkbox"
                            className="size-4 accent-primary"
                            checked={picked.has(c.id)}
                            onChange={() => toggle(c.id)}
                          />
                          <span className="min-w-0 flex-1 truncate">{c.name}</span>
                          <span className="hidden truncate text-xs text-muted-foreground sm:inline">
                            {c.email ?? c.phone ?? ''}
                          </span>
                        </label>
                      </li>
                    ))}
                  </ul>
                </>
              )}
              {errors.contactIds ? (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {errors.contactIds}
                </p>
              ) : null}
            </TabsContent>
            <TabsContent value="tag" className="grid gap-2">
              <FormField id="bulk-tag" label="Tag" error={errors.contactIds}>
                <Select value={tag} onValueChange={setTag} disabled={tags.length === 0}>
                  <SelectTrigger id="bulk-tag">
                    <SelectValue placeholder={tags.length ? 'Select a tag' : 'No tags yet'} />
                  </SelectTrigger>
                  <SelectContent>
                    {tags.map((t) => (
                      <SelectItem key={t} value={t}>
                        {t}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </FormField>
            </TabsContent>
          </Tabs>

          <Button
            icon={<Users aria-hidden="true" />}
            type="submit"
            variant={shown ? 'outline' : 'default'}
            pending={previewSend.isPending}
            pendingLabel="Preparing the preview…"
            className="w-full sm:w-fit"
          >
            {mode === 'contacts'
              ? `Preview for ${picked.size} contact${picked.size === 1 ? '' : 's'}`
              : 'Preview for this tag'}
          </Button>

          {shown ? (
            <BulkPreviewPanel
              preview={shown.answer}
              method={shown.request.method}
              sending={bulk.isPending}
              onSend={() => send(shown.request)}
              onCancel={() => setPreview(null)}
            />
          ) : null}
          {result ? <BulkResult result={result} names={names} /> : null}
        </form>
      </CardContent>
    </Card>
  );
}
