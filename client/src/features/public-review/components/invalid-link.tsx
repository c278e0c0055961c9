import { useEffect } from 'react';

/** An unknown or malformed link: say so plainly and what to do next. */
export function InvalidLink() {
  useEffect(() => {
    document.title = 'Review link not valid';
  }, []);

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 px-4 py-10 text-foreground">
      <section className="w-full max-w-md rounded-2xl border bg-card p-6 text-center shadow-sm">
        <h1 className="text-2xl font-bold tracking-tight">This review link is not valid</h1>
        <p className="mt-3 text-muted-foreground">
          The link may be incomplete or mistyped. Please open it again from the message you received, or ask
          the business for a new link.
        </p>
      </section>
    </main>
  );
}
