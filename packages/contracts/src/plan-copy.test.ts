import { describe, expect, it } from 'vitest';
import { PLAN_IDS, PLANS } from './catalog';
import { PLAN_COPY, PLAN_COPY_LIST } from './plan-copy';

/** The plan cards say what billing grants (ADR 024): each line that names a feature follows the plan table. */
describe('the plan copy', () => {
  const has = (id: (typeof PLAN_IDS)[number], text: string) =>
    PLAN_COPY[id].lines.some((l) => l.included && l.text === text);

  it('follows the plan table for every feature it names', () => {
    for (const id of PLAN_IDS) {
      const p = PLANS[id];
      expect(PLAN_COPY[id]).toMatchObject({ name: p.name, price: `$${p.priceCents / 100}` });
      expect(has(id, 'No watermark'), id).toBe(!p.watermark);
      expect(has(id, 'ZIP export'), id).toBe(p.zipExport);
      expect(has(id, 'Printable QR kit'), id).toBe(p.printableQrKit);
      expect(has(id, 'Public gallery'), id).toBe(p.publicGallery);
      expect(has(id, 'AI safety filter'), id).toBe(p.aiSafetyFilter);
      expect(has(id, `Video clips up to ${p.maxClipSeconds} seconds`), id).toBe(p.maxClipSeconds > 0);
      expect(has(id, 'Guestbook with voice messages'), id).toBe(p.voiceGuestbook);
      expect(has(id, 'Find Me: guests find their photos with a selfie'), id).toBe(p.findMe);
    }
  });

  it('settles the readings of spec section 9', () => {
    expect(has('basic', 'No watermark')).toBe(true);
    expect(PLAN_COPY.pro.lines.map((l) => l.text).join(' ')).not.toMatch(/custom/i);
    expect(has('pro', 'Priority support') && has('max', 'Priority support')).toBe(true);
    expect(PLAN_COPY_LIST.filter((p) => p.popular).map((p) => p.id)).toEqual(['pro']);
  });
});
