/**
 * Loopback: localhost (and *.localhost), 127.0.0.0/8, ::1 and its IPv4-mapped form. A phone that
 * opens such an address reaches itself, not this computer. Brackets around IPv6 are ignored.
 */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/^::ffff:/, '');
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
}

/** True for a URL or origin on a loopback host; false for anything else, or what is no URL. */
export function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}
