/**
 * The link a customer opened, from the page's path: `/review/:uniqueLink`, one segment, an optional trailing
 * slash, any case (as the server's route in server/app.ts matches it). Null when the path names no link.
 */
export function reviewLinkFromPath(pathname: string): string | null {
  const segment = /^\/review\/([^/]+)\/?$/i.exec(pathname)?.[1];
  if (!segment) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed escape (e.g. '%E0%A4%A'): not a link we ever sent, so it is treated as unknown.
    return null;
  }
}
