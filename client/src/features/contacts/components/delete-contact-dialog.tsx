import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { notifyError } from '@/components/ui/notify-error';
import type { Contact } from '@shared/contacts';

import { useDeleteContact } from '../api/delete-contact';

export function DeleteContactDialog({ contact, onClose }: { contact: Contact | null; onClose: () => void }) {
  const remove = useDeleteContact();

  return (
    <ConfirmDialog
      open={contact !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Delete ${contact?.name ?? ''}?`}
      description="The contact is removed for good. Reviews and requests already sent to them stay, without the contact."
      confirmLabel="Delete"
      pending={remove.isPending}
      pendingLabel="Deleting…"
      onConfirm={() =>
        contact &&
        remove.mutate(contact.id, {
          onSuccess: () => {
            toast({ title: 'Contact deleted', description: `${contact.name} was deleted.` });
            onClose();
          },
          onError: (error) => notifyError(error),
        })
      }
    />
  );
}
