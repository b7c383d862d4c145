import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CODE_ALPHABET, CODE_LENGTH } from './catalog';
import { CODE_SOURCE, isEventCode, isUuid } from './ids';

describe('one UUID rule and one event-code rule', () => {
  it('isUuid answers as z.uuid() does', () => {
    const samples = [
      randomUUID(),
      randomUUID().toUpperCase(),
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '00000000-0000-4000-8000-000000000000',
      '11111111-1111-1111-1111-111111111111',
      '6f1d1c3e-8f57-0f0e-9a55-0b6a2c0d4e11',
      'not-a-uuid',
      `${randomUUID()}x`,
      '',
    ];
    for (const s of samples) expect(isUuid(s), s).toBe(z.uuid().safeParse(s).success);
  });

  it('a made code is a code; lower case, short, long or punctuated ones are not', () => {
    expect(isEventCode(CODE_ALPHABET.slice(0, CODE_LENGTH))).toBe(true);
    for (const s of ['abc234', 'ABC23', 'ABC2345', 'AB-234', '']) expect(isEventCode(s), s).toBe(false);
    expect(new RegExp(`^/join/${CODE_SOURCE}$`).test('/join/abC234')).toBe(true);
  });
});
