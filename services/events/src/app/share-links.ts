import QRCode from 'qrcode';

/** The last QR codes made: the same join link always gives the same SVG. */
const made = new Map<string, Promise<string>>();
const KEEP = 500;

/**
 * An event's join link and QR code, made from the origin guests will open when they are shown (never
 * stored): moving the laptop to the venue's network, or a new PUBLIC_URL, gives every existing event
 * a working QR code.
 */
export async function shareLinks(
  code: string,
  guestOrigin: string,
): Promise<{ joinUrl: string; qrCode: string }> {
  const joinUrl = `${guestOrigin}/join/${code}`;
  let svg = made.get(joinUrl);
  if (!svg) {
    svg = QRCode.toString(joinUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    svg.catch(() => made.delete(joinUrl));
    made.set(joinUrl, svg);
    if (made.size > KEEP) made.delete(made.keys().next().value!);
  }
  return { joinUrl, qrCode: await svg };
}
