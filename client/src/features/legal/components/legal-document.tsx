import type { ReactNode } from 'react';

export type LegalSection = { id: string; title: string; content: ReactNode };

// There is no typography plugin; these arbitrary variants give the section bodies a readable rhythm.
const prose = [
  'text-[15px] leading-7 text-foreground/90',
  '[&_p]:mt-4 [&_h3]:mt-6 [&_h3]:text-base [&_h3]:font-semibold [&_h3]:text-foreground',
  '[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
  '[&_strong]:font-semibold [&_strong]:text-foreground',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 hover:[&_a]:no-underline',
].join(' ');

type LegalDocumentProps = {
  title: string;
  /** ISO date for machines, and the human wording for people. */
  lastUpdated: { iso: string; label: string };
  intro: ReactNode;
  sections: LegalSection[];
};

/** A long legal text: title, date, an introduction, a numbered table of contents and numbered sections. */
export function LegalDocument({ title, lastUpdated, intro, sections }: LegalDocumentProps) {
  return (
    <article className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-12">
      <div className="lg:col-span-2">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-3 text-sm text-muted-foreground">
          Last updated: <time dateTime={lastUpdated.iso}>{lastUpdated.label}</time>
        </p>
        <div className={`max-w-3xl ${prose}`}>{intro}</div>
      </div>

      <nav
        aria-labelledby="toc-heading"
        className="mt-8 self-start rounded-xl border border-border bg-muted/40 p-5 lg:sticky lg:top-20 lg:mt-10 lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto"
      >
        <h2 id="toc-heading" className="text-sm font-semibold uppercase tracking-wider text-muted-foreground">
          Contents
        </h2>
        <ol className="mt-3 space-y-1.5 text-sm">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="flex gap-2 rounded-sm text-foreground/80 transition-colors hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="w-5 shrink-0 tabular-nums text-muted-foreground">{index + 1}.</span>
                <span>{section.title}</span>
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-4 max-w-3xl lg:mt-10">
        {sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-heading`}
            className="scroll-mt-20 border-b border-border py-8 last:border-b-0 first:pt-4"
          >
            <h2 id={`${section.id}-heading`} className="text-xl font-semibold tracking-tight text-foreground">
              {index + 1}. {section.title}
            </h2>
            <div className={prose}>{section.content}</div>
          </section>
        ))}
      </div>
    </article>
  );
}
