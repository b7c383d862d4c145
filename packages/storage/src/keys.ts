import { InvalidKeyError } from './types';

/** Longest key accepted, in characters (all key characters are ASCII, so also in bytes). */
export const MAX_KEY_LENGTH = 512;

/** One path segment: the only characters a key may contain besides the '/' separator. */
const SEGMENT_RE = /^[A-Za-z0-9._-]+$/;

/** True when `segment` is a complete, acceptable key segment (not '.', not '..', not empty). */
export function isValidSegment(segment: string): boolean {
  return segment !== '.' && segment !== '..' && SEGMENT_RE.test(segment);
}

/**
 * A key is a relative path: segments of [A-Za-z0-9._-] separated by single '/'.
 * Refused: empty keys, a leading or trailing '/', empty segments ('a//b'), '.' and '..' segments,
 * any other character, and keys longer than {@link MAX_KEY_LENGTH}.
 */
export function isValidKey(key: unknown): key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every(isValidSegment);
}

export function assertValidKey(key: unknown): asserts key is string {
  if (!isValidKey(key)) throw new InvalidKeyError(String(key));
}

/**
 * A prefix selects keys by plain string prefix (as S3 does): '' (everything), a "folder" ending in '/'
 * ('a/b/' matches 'a/b/x' but not 'a/bc'), or a partial key ('a/b' matches 'a/b/x', 'a/bc' and 'a/b.jpg').
 * Every complete segment must be a valid key segment; the trailing partial segment may be empty
 * (folder prefix) or any run of key characters, but never '.'/'..' by itself (it could only ever match
 * keys that are themselves invalid, and it reads as a traversal attempt).
 */
export function isValidPrefix(prefix: unknown): prefix is string {
  if (typeof prefix !== 'string' || prefix.length > MAX_KEY_LENGTH) return false;
  if (prefix === '') return true;
  const segments = prefix.split('/');
  const last = segments.pop() as string; // split always yields at least one element
  if (!segments.every(isValidSegment)) return false;
  return last === '' ? segments.length > 0 : isValidSegment(last);
}

export function assertValidPrefix(prefix: unknown): asserts prefix is string {
  if (!isValidPrefix(prefix)) throw new InvalidKeyError(String(prefix));
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  png: 'image/png',
  json: 'application/json',
  svg: 'image/svg+xml',
};

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** The content type implied by the key's extension (case-insensitive); application/octet-stream otherwise. */
export function contentTypeFor(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return DEFAULT_CONTENT_TYPE; // no extension, or a dotfile such as '.jpg'
  return CONTENT_TYPES[name.slice(dot + 1).toLowerCase()] ?? DEFAULT_CONTENT_TYPE;
}
