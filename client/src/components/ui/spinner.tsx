import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';

import { cn } from '@/lib/utils';

type SpinnerProps = Omit<ComponentProps<'span'>, 'children'> & {
  /** Read by screen readers; the icon itself is hidden from them. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
};

const SIZES = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

export function Spinner({ label = 'Loading…', size = 'md', className, ...props }: SpinnerProps) {
  return (
    <span role="status" aria-live="polite" className={cn('inline-flex items-center', className)} {...props}>
      <LoaderCircle aria-hidden="true" className={cn('animate-spin text-current', SIZES[size])} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A centred spinner filling the screen, for whole-page loads (the current user, a lazy route). */
export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full flex-1 items-center justify-center py-16 text-primary">
      <Spinner size="lg" label={label} />
    </div>
  );
}

/** A centred spinner in the page's content, under its header: a lazy screen, or what a screen shows first. */
export function ContentSpinner({ label }: { label?: string }) {
  return (
    <div className="flex justify-center py-16 text-primary">
      <Spinner size="lg" label={label} />
    </div>
  );
}

/**
 * What a lazily loaded dialog shows while its code arrives (its Suspense fallback): the screen dims as the
 * dialog's overlay will, and screen readers hear what is opening.
 */
export function DialogLoading({ label = 'Opening…' }: { label?: string }) {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/60 text-white">
      <Spinner size="lg" label={label} />
    </div>
  );
}
