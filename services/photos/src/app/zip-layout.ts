/**
 * The exact size of the ZIP files the export writes with yazl (stored entries, sizes announced,
 * CRCs in data descriptors, Info-ZIP timestamps, no ZIP64), known before a byte is read, so a part
 * has an exact Content-Length. yazl's own prediction (the `end()` callback) counts a ZIP64 end record
 * that yazl 3.3.1 does not write once the central directory passes 64 KiB; ADR 016 says more.
 *
 * Local header 30 + name, the data, a 16-byte data descriptor; in the central directory 46 + name +
 * the 9-byte extended timestamp; at the end the 22-byte end-of-central-directory record.
 */
const LOCAL_HEADER = 30;
const DATA_DESCRIPTOR = 16;
const CENTRAL_RECORD = 46;
const UNIVERSAL_TIMESTAMP = 9;
const END_RECORD = 22;

/** Past these a ZIP needs ZIP64 records, which this layout does not count: parts stay below them. */
export const ZIP_MAX_BYTES = 0xfffffffe;
export const ZIP_MAX_ENTRIES = 0xfffe;

/** What one entry (a file of `size` bytes named `path`) adds to the archive. */
export function zipEntryBytes(path: string, size: number): number {
  const name = Buffer.byteLength(path, 'utf8');
  return LOCAL_HEADER + name + size + DATA_DESCRIPTOR + CENTRAL_RECORD + name + UNIVERSAL_TIMESTAMP;
}

/** An archive with no entries yet. */
export const ZIP_EMPTY_BYTES = END_RECORD;
