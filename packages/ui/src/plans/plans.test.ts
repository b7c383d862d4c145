import { EXTRA_PHOTOS_COPY, PLAN_COPY_LIST } from '@afterglow/contracts';
import { describe, expect, it } from 'vitest';
import { pickLanguage, translator } from '../i18n';
import { extraPhotosText, planTexts } from './index';

describe('the plans in words', () => {
  it('English is the plan copy of contracts, word for word', () => {
    const t = translator();
    expect(t.locale).toBe('en');
    expect(planTexts(t)).toEqual(
      PLAN_COPY_LIST.map((p) => ({
        id: p.id,
        name: p.name,
        popular: p.popular,
        price: p.price,
        description: p.description,
        lines: p.lines.map((l) => ({ text: l.text, included: l.included })),
      })),
    );
    expect(extraPhotosText(t)).toMatchObject({
      name: EXTRA_PHOTOS_COPY.name,
      price: EXTRA_PHOTOS_COPY.price,
      amount: EXTRA_PHOTOS_COPY.amount,
    });
  });

  it('German cards keep each plan’s numbers', async () => {
    await pickLanguage('de');
    const pro = planTexts(translator()).find((p) => p.id === 'pro')!;
    expect(pro.lines.map((l) => l.text)).toContain('Bis zu 2.000 Fotos');
    expect(pro.price).toMatch(/^59\s\$$/);
    await pickLanguage(null);
  });
});
