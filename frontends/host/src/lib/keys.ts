/** Whether a key press belongs to a field or a dialog (typing, choosing), not to the page's shortcuts. */
export function keyForField(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el?.closest?.('input, textarea, select, [contenteditable="true"], [role="dialog"]');
}
