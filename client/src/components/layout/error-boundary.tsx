import { Component, type ErrorInfo, type ReactNode } from 'react';

import { ErrorFallback } from './error-fallback';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** When any of these change, a shown error is cleared (e.g. the location, so navigating away recovers). */
  resetKeys?: unknown[];
  /** Replaces the default fallback screen. */
  fallback?: (props: { error: Error; reset: () => void }) => ReactNode;
  onError?: (error: Error, info: ErrorInfo) => void;
}

interface ErrorBoundaryState {
  error: Error | null;
  resetKeys?: unknown[];
}

function changed(a: unknown[] = [], b: unknown[] = []): boolean {
  return a.length !== b.length || a.some((item, index) => !Object.is(item, b[index]));
}

function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}

/** Catches render errors below it and shows the spec's fallback screen (seed-spec section 2). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, resetKeys: this.props.resetKeys };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error: toError(error) };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    if (changed(props.resetKeys, state.resetKeys)) {
      return { resetKeys: props.resetKeys, error: null };
    }
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError?.(toError(error), info);
  }

  reset = (): void => {
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.fallback) return this.props.fallback({ error, reset: this.reset });
    return <ErrorFallback error={error} onReset={this.reset} />;
  }
}
