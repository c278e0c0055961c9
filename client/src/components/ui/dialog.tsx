import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ComponentProps } from 'react';

import { cn } from '@/lib/utils';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn('rf-fade fixed inset-0 z-50 bg-black/50 backdrop-blur-[1px]', className)}
      {...props}
    />
  );
}

/**
 * The last element focused outside any dialog or menu: the row or button that opened a dialog (a menu item
 * unmounts with its menu, so its trigger, focused before it, stands in). Read when a dialog mounts; focus
 * goes back there when it closes.
 */
let lastFocusedOutside: HTMLElement | null = null;

const INSIDE_LAYER = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';
const FOCUSABLE = 'button, a[href], input, select, textarea, [tabindex]';

function remember(element: Element | null) {
  if (!(element instanceof HTMLElement) || element.closest(INSIDE_LAYER)) return;
  lastFocusedOutside = element;
}

if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => remember(event.target as Element | null), true);
  // Safari does not focus a button on click, so the pressed control counts as the opener too.
  document.addEventListener(
    'pointerdown',
    (event) => remember((event.target as Element | null)?.closest?.(FOCUSABLE) ?? null),
    true,
  );
}

export function DialogContent({
  className,
  children,
  showCloseButton = true,
  onOpenAutoFocus,
  onCloseAutoFocus,
  onKeyDown,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { showCloseButton?: boolean }) {
  // This component renders while closed too; the opener is read when the content opens.
  const openerRef = useRef<HTMLElement | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          'rf-fade fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-background p-6 shadow-lg',
          className,
        )}
        onOpenAutoFocus={(event) => {
          openerRef.current = lastFocusedOutside;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          // Back to the row or button that opened it, even when Radix lost track (menus, re-rendered lists).
          const opener = openerRef.current;
          if (opener?.isConnected) {
            event.preventDefault();
            opener.focus();
          }
        }}
        onKeyDown={(event) => {
          onKeyDown?.(event);
          // A toast is a dismissable layer above the dialog and takes the Escape Radix routes to the top
          // layer; when nobody acted on it, the dialog still closes on that one press.
          if (event.key === 'Escape' && !event.defaultPrevented) {
            event.preventDefault();
            closeRef.current?.click();
          }
        }}
        {...props}
      >
        {children}
        {showCloseButton ? (
          <DialogPrimitive.Close
            ref={closeRef}
            className="absolute right-4 top-4 rounded-sm opacity-70 transition-opacity hover:opacity-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none"
          >
            <X className="size-4" aria-hidden="true" />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        ) : (
          <DialogPrimitive.Close ref={closeRef} hidden tabIndex={-1} aria-hidden="true" />
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 text-center sm:text-left', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cn('text-lg font-semibold leading-none tracking-tight', className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}
