import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import {
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** The action's own words ('Delete location'), never a bare 'OK'. */
  confirmLabel: string;
  onConfirm: () => void;
  cancelLabel?: string;
  /** Destructive by default: most confirmations guard a deletion. */
  variant?: 'destructive' | 'default';
  pending?: boolean;
  pendingLabel?: string;
  confirmDisabled?: boolean;
  /** Anything the decision needs besides the description (a typed confirmation). */
  children?: ReactNode;
  /** Where focus goes on close, when not back to the opener (inside another dialog: its own field). */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * The one confirmation for an action that cannot be taken back, with alert-dialog semantics (WAI-ARIA APG
 * "Alert and Message Dialogs"): role="alertdialog", focus starts on the safe action, a click outside does not
 * dismiss it, and focus returns to the opener (DialogContent). Built on the Radix Dialog we already ship
 * rather than adding @radix-ui/react-alert-dialog: the differences are exactly these three props, and four
 * parallel branches touching package-lock.json is a merge cost for no behaviour.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  cancelLabel = 'Cancel',
  variant = 'destructive',
  pending = false,
  pendingLabel = 'Working…',
  confirmDisabled = false,
  children,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogContent
        role="alertdialog"
        showCloseButton={false}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          cancelRef.current?.focus();
        }}
        onCloseAutoFocus={onCloseAutoFocus}
        onPointerDownOutside={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <Button ref={cancelRef} variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button
            variant={variant}
            onClick={onConfirm}
            pending={pending}
            pendingLabel={pendingLabel}
            disabled={confirmDisabled}
          >
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </DialogPrimitive.Root>
  );
}
