import '@testing-library/jest-dom/vitest';

import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';

import { resetToasts } from '@/components/ui/use-toast';

import { server } from './mocks/server';
import { consoleErrorsAllowed, resetConsoleErrorAllowance } from './console';

// Testing Library only turns React's act environment on by itself when test globals are enabled; they are not.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// findBy/waitFor return as soon as the screen matches; the ceiling only decides when to give up. A lazy route's
// first import compiles its chunk, which on a busy 2-core CI machine can take longer than the default 1 s.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks a few browser APIs Radix and our hooks use.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

if (typeof window.matchMedia !== 'function') {
  // Answers width queries from window.innerWidth, so a test can pretend to be a phone.
  window.matchMedia = (query: string): MediaQueryList => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    const min = /min-width:\s*(\d+)px/.exec(query);
    const width = window.innerWidth;
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    };
  };
}

Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

// The readable signed-in hint (shared/signed-in-hint.ts): with it the app asks GET /api/user, which the mocks
// answer signed in or out. A test of a browser never given a session clears it.
beforeEach(() => {
  document.cookie = 'rf_signed_in=1; path=/';
});

// Any unexpected console.error fails the test (React warnings, failed prop types, act() leaks...).
let consoleErrors: unknown[][] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetToasts();
  window.localStorage.clear();
  document.documentElement.className = '';
  document.body.removeAttribute('style');

  const errors = consoleErrors;
  const allowed = consoleErrorsAllowed();
  consoleErrors = [];
  resetConsoleErrorAllowance();
  vi.restoreAllMocks();

  if (errors.length > 0 && !allowed) {
    const text = errors.map((args) =>
      args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' '),
    );
    throw new Error(`Unexpected console.error:\n${text.join('\n---\n')}`);
  }
});

afterAll(() => server.close());
