/** The start of a text on one line, at most `max` characters: whitespace runs become one space, a cut ends in "…". */
export function excerpt(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
