import { describe, expect, it } from 'vitest';
import { CSV_HEAD, EventClock, csvCell, csvRow } from './export-format';

describe('export CSV and times', () => {
  it('escapes cells as RFC 4180 says, and keeps formulas text', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "cheese"')).toBe('"say ""cheese"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\r')).toBe('"cr\r"');
    for (const f of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx']) expect(csvCell(f)).toBe(`'${f}`);
    expect(csvCell('=HYPERLINK("x", "y")')).toBe(`"'=HYPERLINK(""x"", ""y"")"`);
    expect(csvCell('a=1')).toBe('a=1');
  });

  it('starts with a byte-order mark and the column names', () => {
    expect(CSV_HEAD).toBe('\ufefffile,guest,caption,taken_at_utc,taken_at_local,time_zone,status\r\n');
  });

  it("writes times in UTC and in the event's zone, with its offset that day", () => {
    const berlin = new EventClock('Europe/Berlin');
    expect(berlin.iso(new Date('2024-06-01T19:05:33.999Z'))).toBe('2024-06-01T21:05:33+02:00');
    expect(berlin.iso(new Date('2024-01-01T00:30:00Z'))).toBe('2024-01-01T01:30:00+01:00');
    expect(new EventClock('America/St_Johns').iso(new Date('2024-01-01T12:00:00Z'))).toBe(
      '2024-01-01T08:30:00-03:30',
    );
    const unknown = new EventClock('Not/AZone');
    expect(unknown.zone).toBe('UTC');
    expect(unknown.iso(new Date('2024-01-01T12:00:00Z'))).toBe('2024-01-01T12:00:00+00:00');
    expect(
      csvRow(
        {
          path: 'Ann/001.jpg',
          guest: 'Ann',
          caption: 'hi, "you"',
          takenAt: new Date('2024-06-01T19:05:33Z'),
          status: 'approved',
        },
        berlin,
      ),
    ).toBe(
      'Ann/001.jpg,Ann,"hi, ""you""",2024-06-01T19:05:33.000Z,2024-06-01T21:05:33+02:00,Europe/Berlin,approved\r\n',
    );
  });
});
