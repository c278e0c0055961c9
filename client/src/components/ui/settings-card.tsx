import type { ComponentProps, ReactNode } from 'react';

import { Button } from './button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './card';

interface SettingsCardProps {
  title: ReactNode;
  /** What the section is for, under the title. */
  description?: ReactNode;
  className?: string;
  contentClassName?: string;
  children: ReactNode;
}

/** One section of a settings screen: a card with its title, what it is for, then its content. */
export function SettingsCard({
  title,
  description,
  className,
  contentClassName,
  children,
}: SettingsCardProps) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

type SettingsFormCardProps = Omit<SettingsCardProps, 'contentClassName'> &
  Omit<ComponentProps<'form'>, 'title' | 'className' | 'children'> & {
    /** The save button's text, e.g. "Save widget". */
    saveLabel: string;
    saving: boolean;
    /** Whether the form differs from what is saved; the button waits for a change. */
    dirty: boolean;
  };

/**
 * A settings section that is one form saved with one button: the button is disabled until something
 * changes and says "Saving..." while the save runs.
 */
export function SettingsFormCard({
  title,
  description,
  className,
  saveLabel,
  saving,
  dirty,
  children,
  ...formProps
}: SettingsFormCardProps) {
  return (
    <SettingsCard title={title} description={description} className={className}>
      <form className="grid gap-6" {...formProps}>
        {children}
        <div>
          <Button type="submit" disabled={saving || !dirty}>
            {saving ? 'Saving...' : saveLabel}
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}
