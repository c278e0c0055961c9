/** The first Tab stop of a standalone page: straight to its `#main` (WCAG 2.4.1 Bypass Blocks). */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:text-sm focus:shadow"
    >
      Skip to content
    </a>
  );
}
