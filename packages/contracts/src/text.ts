/**
 * Text people type (names, captions, descriptions, reasons), made safe to store and to show: NUL and
 * the other control characters are removed (PostgreSQL refuses NUL in text; the rest only hide or
 * garble what is shown), tabs and line breaks stay, and a lone UTF-16 surrogate becomes U+FFFD.
 * Markup is kept as typed: it is text, and every page renders it as text.
 */
export function cleanText(v: string): string {
  return (
    v
      // eslint-disable-next-line no-control-regex -- matching control characters is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
  );
}

/**
 * How a guest is named to others (spec: public gallery, 'By …'): their display name, or 'Guest' and
 * the last 4 characters of their anonymous id.
 */
export const guestLabel = (displayName: string | null | undefined, anonId: string | null | undefined) =>
  displayName?.trim() || (anonId ? `Guest ${anonId.slice(-4)}` : 'Guest');

/** The line under a photo (spec: public gallery): 'By {display name}', or 'Guest' and the last 4 of the anonymous id. */
export const byLine = (displayName: string | null | undefined, anonId: string | null | undefined) =>
  displayName?.trim() ? `By ${displayName.trim()}` : guestLabel(null, anonId);
