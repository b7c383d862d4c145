import { describe, expect, it } from 'vitest';
import { EventClock } from './export-format';
import { guestLabel } from '@afterglow/contracts';
import { FileNames, FolderNames, safeFolderName } from './export-names';

describe('export names', () => {
  it("labels a guest by name, or 'Guest' and the last 4 characters of the anonymous id", () => {
    expect(guestLabel('  Ann ', 'x')).toBe('Ann');
    expect(guestLabel(null, '0b1c2d3e-0000-4000-8000-00000000abcd')).toBe('Guest abcd');
    expect(guestLabel('   ', '0b1c2d3e-0000-4000-8000-00000000abcd')).toBe('Guest abcd');
  });

  it('makes folder names safe on Windows, macOS and Linux', () => {
    expect(safeFolderName('Zoë')).toBe('Zoë');
    expect(safeFolderName('Zoe\u0308')).toBe('Zoë'); // decomposed, as macOS stores it
    expect(safeFolderName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(safeFolderName('a/b\\c:d*e?f"g<h>i|j')).toBe('a_b_c_d_e_f_g_h_i_j');
    expect(safeFolderName('line\nbreak\ttab')).toBe('line break tab');
    expect(safeFolderName('.hidden')).toBe('hidden');
    expect(safeFolderName('dots...  ')).toBe('dots');
    expect(safeFolderName('gpj.\u202Eexe')).toBe('gpj.exe'); // no right-to-left override
    expect(safeFolderName('CON')).toBe('CON_');
    expect(safeFolderName('lpt1.txt')).toBe('lpt1.txt_');
    expect(safeFolderName('...')).toBe('');
    expect(safeFolderName('=cmd|calc')).toBe('_cmd_calc');
    expect(safeFolderName('-rf')).toBe('_rf');
    expect(Array.from(safeFolderName('😀'.repeat(100)))).toHaveLength(60);
  });

  it('never gives two guests one folder, even where case or composition differ', () => {
    const names = new FolderNames();
    expect(names.take('Anna', 'Guest 0001')).toBe('Anna');
    expect(names.take('anna', 'Guest 0002')).toBe('anna (2)');
    expect(names.take('Anna', 'Guest 0003')).toBe('Anna (3)');
    expect(names.take('Anna (2)', 'Guest 0004')).toBe('Anna (2) (2)');
    expect(names.take('Zoë', 'Guest 0005')).toBe('Zoë');
    expect(names.take('Zoe\u0308', 'Guest 0006')).toBe('Zoë (2)');
    expect(names.take('photos.csv', 'Guest 0007')).toBe('photos.csv (2)');
    expect(names.take('...', 'Guest 0008')).toBe('Guest 0008');
  });

  it("numbers each guest's photos in order, with the event's local time", () => {
    const files = new FileNames(new EventClock('Europe/Berlin'));
    expect(files.next('Ann', new Date('2024-06-01T19:05:33.400Z'))).toBe('Ann/001_2024-06-01_21-05-33.jpg');
    expect(files.next('Bo', new Date('2024-06-01T19:06:00Z'))).toBe('Bo/001_2024-06-01_21-06-00.jpg');
    expect(files.next('Ann', new Date('2024-12-01T19:07:00Z'))).toBe('Ann/002_2024-12-01_20-07-00.jpg');
  });
});
