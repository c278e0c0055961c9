import { Slot } from '@radix-ui/react-slot';
import type { ReactElement, ReactNode } from 'react';

import { cn } from '@/lib/utils';

import { Label } from './label';

export interface FormFieldProps {
  /** The control's id; the label points at it and the error is announced through it. */
  id: string;
  label: ReactNode;
  /** The validation message, shown under the control and linked with aria-describedby. */
  error?: string;
  /** Optional hint shown under the control while there is no error. */
  description?: ReactNode;
  /** Something shown at the right of the label (e.g. a "Forgot password?" link). */
  labelAside?: ReactNode;
  className?: string;
  /** Exactly one control (Input, Textarea, a Select trigger…); it receives id and the aria attributes. */
  children: ReactElement;
}

/**
 * A labelled control with its validation message under it (shadcn's form pattern without the context
 * plumbing): the control gets `aria-invalid` and `aria-describedby` so screen readers announce the error.
 */
export function FormField({
  id,
  label,
  error,
  description,
  labelAside,
  className,
  children,
}: FormFieldProps) {
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = error ? errorId : description ? descriptionId : undefined;

  return (
    <div data-slot="form-field" className={cn('grid gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id} className={cn(error && 'text-destructive')}>
          {label}
        </Label>
        {labelAside}
      </div>
      <Slot id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
        {children}
      </Slot>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : description ? (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
    </div>
  );
}
