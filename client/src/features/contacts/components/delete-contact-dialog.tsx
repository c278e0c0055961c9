import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { notifyError } from '@/lib/notify-error';
import type { Contact } from '@shared/schemas/contacts';

import { useDeleteContact } from '../api/delete-contact';

export function DeleteContactDialog({ contact, onClose }: { contact: Contact | null; onClose: () => void }) {
  const remove = useDeleteContact();

  return (
    <Dialog open={contact !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {contact?.name}?</DialogTitle>
          <DialogDescription>
            The contact is removed for good. Reviews and requests already sent to them stay, without the
            contact.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              contact &&
              remove.mutate(contact.id, {
                onSuccess: () => {
                  toast({ title: 'Contact deleted', description: `${contact.name} was deleted.` });
                  onClose();
                },
                onError: (error) => notifyError(error),
              })
            }
          >
            {remove.isPending ? <Spinner size="sm" label="Deleting…" /> : null}
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
