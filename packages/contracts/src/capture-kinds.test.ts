import { describe, expect, it } from 'vitest';
import {
  CAPTURE_KINDS,
  CAPTURE_KIND_FACTS,
  captureFileName,
  captureKindOf,
  captureUploadName,
  originalStorageKey,
} from './capture-kinds';
import { captureKindSchema } from './photos';

describe('capture kinds (ADR 030)', () => {
  it('has one entry of facts per kind, and a photo is a JPEG', () => {
    expect(Object.keys(CAPTURE_KIND_FACTS).sort()).toEqual([...CAPTURE_KINDS].sort());
    expect(CAPTURE_KIND_FACTS.photo).toEqual({ ext: 'jpg', contentType: 'image/jpeg' });
  });

  it('names files and storage keys from the table, as they were named before kinds', () => {
    expect(captureUploadName('photo')).toBe('photo.jpg');
    expect(captureFileName('Ann/001_2024-06-01_21-05-33', 'photo')).toBe('Ann/001_2024-06-01_21-05-33.jpg');
    expect(originalStorageKey('e1', 'p1', 'photo')).toBe('events/e1/originals/p1.jpg');
  });

  it('reads what names no kind (or one it does not know) as a photo', () => {
    expect([undefined, null, 'photo', 'hologram', 3].map(captureKindOf)).toEqual([
      'photo',
      'photo',
      'photo',
      'photo',
      'photo',
    ]);
    expect(captureKindSchema.safeParse('photo').success).toBe(true);
    expect(captureKindSchema.safeParse('hologram').success).toBe(false);
  });
});
