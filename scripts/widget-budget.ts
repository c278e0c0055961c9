// The website widget's limits (issue 16), shared by its build (scripts/build-widget.ts) and the budget
// check of the end-to-end run (scripts/check-bundle-budget.ts).

/** Under 15 KB gzipped (KB of 1,024 bytes, as bench/bundle-sizes.ts counts). */
export const WIDGET_BUDGET_BYTES = 15 * 1024;

/**
 * Review-snippet markup a business must not place about itself: Google ignores self-serving reviews in rich
 * results and may penalise them, so neither the widget nor its wall page writes any.
 */
export const REVIEW_SNIPPET_MARKUP = [
  /AggregateRating/i,
  /itemprop/i,
  /application\/ld\+json/i,
  /schema\.org/i,
];

/** What is wrong with the built widget: too big, or carrying review-snippet markup. */
export function widgetProblems(source: string, gzippedBytes: number): string[] {
  const problems: string[] = [];
  if (gzippedBytes > WIDGET_BUDGET_BYTES) {
    problems.push(
      `widget.js is ${(gzippedBytes / 1024).toFixed(1)} KB gzipped, over its budget of ` +
        `${WIDGET_BUDGET_BYTES / 1024} KB: keep the widget free of frameworks and libraries.`,
    );
  }
  for (const pattern of REVIEW_SNIPPET_MARKUP) {
    if (pattern.test(source)) problems.push(`widget.js contains review-snippet markup (${pattern}).`);
  }
  return problems;
}
