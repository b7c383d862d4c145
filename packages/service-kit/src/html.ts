const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/**
 * Text and attribute values of the HTML the server writes (sign-in pages, share pages, e-mails), made
 * inert: quotes and backticks too, so a value cannot leave its attribute.
 */
export function escapeHtml(s: unknown): string {
  return String(s ?? '').replace(/[&<>"'`]/g, (c) => ENTITIES[c]!);
}
