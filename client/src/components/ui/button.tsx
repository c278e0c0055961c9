import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps, ReactNode } from 'react';

import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';

export const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg:not([class*='size-'])]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90',
        destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
        outline: 'border border-input bg-background shadow-sm hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground shadow-sm hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-8 rounded-md px-3 text-xs',
        lg: 'h-11 rounded-md px-6 text-base',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

/** A button busy with what it started: disabled, with a spinner that screen readers announce as `pendingLabel`. */
type PendingProps =
  | { pending?: undefined; pendingLabel?: undefined }
  | { pending: boolean; /** What it is doing, e.g. "Saving…". */ pendingLabel: string };

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> &
  PendingProps & {
    asChild?: boolean;
    /** A leading icon; the spinner takes its place while pending. Not with `asChild`: a slot has one child. */
    icon?: ReactNode;
  };

export function Button({
  className,
  variant,
  size,
  asChild = false,
  type,
  pending,
  pendingLabel,
  disabled,
  icon,
  children,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot : 'button';
  return (
    <Comp
      data-slot="button"
      className={cn(buttonVariants({ variant, size, className }))}
      // A bare <button> inside a form submits it; default to "button" unless asked otherwise.
      type={asChild ? type : (type ?? 'button')}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...props}
    >
      {/* A slot takes exactly one child: the element it renders as. */}
      {asChild ? (
        children
      ) : (
        <>
          {pending ? <Spinner size="sm" label={pendingLabel} /> : icon}
          {children}
        </>
      )}
    </Comp>
  );
}
