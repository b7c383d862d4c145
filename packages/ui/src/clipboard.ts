// A sub-path of @afterglow/ui (not in the shared singleton every page loads): imported by the pages that copy.
/** Copies text: the Clipboard API, or a hidden text area on browsers (or plain-http hosts) without it. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // permission refused or not focused: try the older way below
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    const ok = document.execCommand('copy');
    if (!ok) throw new Error('Copy command refused');
  } finally {
    area.remove();
  }
}
