let allowed = false;

/**
 * Lets the current test log console.error without failing (setup.ts fails on any unexpected one).
 * For tests that provoke an error on purpose, e.g. the error boundary's.
 */
export function allowConsoleErrors(): void {
  allowed = true;
}

export function consoleErrorsAllowed(): boolean {
  return allowed;
}

export function resetConsoleErrorAllowance(): void {
  allowed = false;
}
