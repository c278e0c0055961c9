import { Pencil, Plus, Search, Trash2, Upload, Users } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { SearchInput } from '@/components/ui/search-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { DialogLoading, FullPageSpinner } from '@/components/ui/spinner';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useIsMobile } from '@/lib/use-mobile';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { CONTACTS_PAGE_SIZE, type Contact } from '@shared/contacts';

import { useContactTags } from '../api/get-contact-tags';
import { useContactsPage } from '../api/get-contacts';
import { OptOutBadges } from './opt-out-badges';

// The dialogs (forms, validation, Radix Dialog) load when first opened, not with the list.
const ContactFormDialog = lazy(() =>
  import('./contact-form-dialog').then((m) => ({ default: m.ContactFormDialog })),
);
const DeleteContactDialog = lazy(() =>
  import('./delete-contact-dialog').then((m) => ({ default: m.DeleteContactDialog })),
);
const ImportContactsDialog = lazy(() =>
  import('./import-contacts-dialog').then((m) => ({ default: m.ImportContactsDialog })),
);

const ALL_TAGS = '__all__';

export function ContactsPage() {
  const isMobile = useIsMobile();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [tag, setTag] = useState(ALL_TAGS);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Contact | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [importing, setImporting] = useState(false);
  const formMounted = useOpenedOnce(editing !== undefined);
  const deleteMounted = useOpenedOnce(deleting !== null);
  const importMounted = useOpenedOnce(importing);

  useEffect(() => setPage(1), [q, tag]);

  const tags = useContactTags();
  const list = useContactsPage({
    q: q || undefined,
    tag: tag === ALL_TAGS ? undefined : tag,
    page,
    pageSize: CONTACTS_PAGE_SIZE,
  });
  const contacts = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const filtered = Boolean(q) || tag !== ALL_TAGS;

  const actions = (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" onClick={() => setImporting(true)}>
        <Upload aria-hidden="true" />
        Import CSV
      </Button>
      <Button onClick={() => setEditing(null)}>
        <Plus aria-hidden="true" />
        Add contact
      </Button>
    </div>
  );

  let body;
  if (list.isPending) {
    body = <FullPageSpinner label="Loading contacts…" />;
  } else if (list.isError) {
    body = (
      <EmptyState
        icon={Users}
        title="Contacts could not be loaded"
        description={list.error.message}
        action={<Button onClick={() => void list.refetch()}>Try again</Button>}
      />
    );
  } else if (total === 0 && !filtered) {
    body = (
      <EmptyState
        icon={Users}
        title="No contacts yet"
        description="Add or import the customers you want to ask for a review."
        action={actions}
      />
    );
  } else if (contacts.length === 0) {
    body = <EmptyState icon={Search} title="No contacts match" description="Try another search or tag." />;
  } else if (isMobile) {
    body = (
      <ul className="grid gap-3" aria-label="Contacts">
        {contacts.map((contact) => (
          <li key={contact.id}>
            <Card>
              <CardContent className="grid gap-2 p-4">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{contact.name}</p>
                    {contact.email ? (
                      <p className="truncate text-sm text-muted-foreground">{contact.email}</p>
                    ) : null}
                    {contact.phone ? (
                      <p className="text-sm text-muted-foreground">{contact.phoneDisplay}</p>
                    ) : null}
                  </div>
                  <RowActions contact={contact} onEdit={setEditing} onDelete={setDeleting} />
                </div>
                <TagChips tags={contact.tags} />
                <OptOutBadges contact={contact} />
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    );
  } else {
    body = (
      <div className="overflow-x-auto rounded-xl border bg-card">
        <Table>
          <TableCaption className="sr-only">Contacts</TableCaption>
          <TableHeader className="border-b bg-muted/50 text-left text-xs uppercase tracking-wide text-muted-foreground">
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Email</TableHead>
              <TableHead>Phone</TableHead>
              <TableHead>Tags</TableHead>
              <TableHead>Opted out</TableHead>
              <TableHead className="text-right" hiddenLabel="Actions" />
            </TableRow>
          </TableHeader>
          <TableBody>
            {contacts.map((contact) => (
              <TableRow key={contact.id} className="border-b last:border-0">
                <TableCell className="font-medium">{contact.name}</TableCell>
                <TableCell className="max-w-56 truncate">{contact.email ?? ''}</TableCell>
                <TableCell className="whitespace-nowrap">{contact.phoneDisplay}</TableCell>
                <TableCell>
                  <TagChips tags={contact.tags} />
                </TableCell>
                <TableCell>
                  <OptOutBadges contact={contact} />
                </TableCell>
                <TableCell>
                  <RowActions contact={contact} onEdit={setEditing} onDelete={setDeleting} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    );
  }

  const showToolbar = !list.isPending && !list.isError && (total > 0 || filtered);

  return (
    <div className="grid gap-4">
      {showToolbar ? (
        <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
          <div className="flex flex-col gap-2 sm:flex-row">
            <SearchInput
              className="sm:w-72"
              aria-label="Search contacts"
              placeholder="Search name, email or phone"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            <Select value={tag} onValueChange={setTag}>
              <SelectTrigger className="sm:w-48" aria-label="Filter by tag">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL_TAGS}>All tags</SelectItem>
                {(tags.data ?? []).map(({ tag: name, count }) => (
                  <SelectItem key={name} value={name}>
                    {`${name} (${count})`}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {actions}
        </div>
      ) : null}

      {body}

      {showToolbar && total > 0 ? (
        <Pagination page={page} pageSize={CONTACTS_PAGE_SIZE} total={total} onPageChange={setPage} />
      ) : null}

      <Suspense fallback={<DialogLoading />}>
        {formMounted ? (
          <ContactFormDialog
            open={editing !== undefined}
            onOpenChange={(open) => !open && setEditing(undefined)}
            contact={editing}
          />
        ) : null}
        {deleteMounted ? <DeleteContactDialog contact={deleting} onClose={() => setDeleting(null)} /> : null}
        {importMounted ? <ImportContactsDialog open={importing} onOpenChange={setImporting} /> : null}
      </Suspense>
    </div>
  );
}

function TagChips({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {tags.map((tag) => (
        <Badge key={tag} variant="secondary">
          {tag}
        </Badge>
      ))}
    </span>
  );
}

function RowActions({
  contact,
  onEdit,
  onDelete,
}: {
  contact: Contact;
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
}) {
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="icon" aria-label={`Edit ${contact.name}`} onClick={() => onEdit(contact)}>
        <Pencil aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete ${contact.name}`}
        onClick={() => onDelete(contact)}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}

export default ContactsPage;
