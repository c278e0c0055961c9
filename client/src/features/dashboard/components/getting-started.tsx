import { CheckCircle2, Circle, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

import type { GettingStartedStep } from '../api/get-getting-started';

const DISMISSED_KEY = 'rf-getting-started-dismissed';

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * "Getting started" for a new account: the five first steps, ticked from the account's own data. Gone when
 * every step is done, or when the owner hides it (remembered in this browser). An account with no review and
 * no request yet always sees it (`dismissible` false): it is what its dashboard has to show.
 */
export function GettingStarted({
  steps,
  dismissible = true,
}: {
  steps: GettingStartedStep[] | undefined;
  dismissible?: boolean;
}) {
  const [dismissed, setDismissed] = useState(readDismissed);
  if (!steps || (dismissible && dismissed) || steps.every((step) => step.done)) return null;
  const done = steps.filter((step) => step.done).length;

  const dismiss = () => {
    try {
      window.localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Without storage it hides for this visit only.
    }
    setDismissed(true);
  };

  return (
    <Card role="region" aria-labelledby="getting-started-heading">
      <CardHeader className="flex flex-row items-start justify-between gap-2 pb-3">
        <div className="grid gap-1">
          <CardTitle id="getting-started-heading" className="text-base">
            Getting started
          </CardTitle>
          <CardDescription>
            {done} of {steps.length} done
          </CardDescription>
        </div>
        {dismissible ? (
          <Button variant="ghost" size="icon" aria-label="Hide getting started" onClick={dismiss}>
            <X aria-hidden="true" />
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        <ol className="grid gap-2 sm:grid-cols-2 lg:grid-cols-5">
          {steps.map((step) => (
            <li key={step.id} className="flex items-center gap-2 text-sm">
              {step.done ? (
                <CheckCircle2
                  className="size-4 shrink-0 text-green-700 dark:text-green-400"
                  aria-hidden="true"
                />
              ) : (
                <Circle className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              )}
              {step.done ? (
                <span className="text-muted-foreground line-through">{step.label}</span>
              ) : (
                <Link
                  href={step.href}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  {step.label}
                </Link>
              )}
              <span className="sr-only">{step.done ? '(done)' : '(to do)'}</span>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
