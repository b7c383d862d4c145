import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The guests module's boundary (ADR 029), checked on the source: captures ask `guests/index.ts` and
 * nothing else of the module, and no capture code queries the guests' tables.
 */

const guestsDir = dirname(fileURLToPath(import.meta.url));
const srcDir = resolve(guestsDir, '..');
const repo = resolve(srcDir, '../../..');

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.includes('/test-support/');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return d.name === 'node_modules' || d.name === 'dist' ? [] : sources(path);
    return /\.tsx?$/.test(d.name) && !d.name.endsWith('.d.ts') ? [path] : [];
  });
}

const specifiers = (text: string) =>
  [...text.matchAll(/\bfrom\s+['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
    (m) => (m[1] ?? m[2])!,
  );

/** The values (not types) a file imports from the photos schema. */
function schemaValues(text: string): string[] {
  return [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"][./]*adapters\/schema['"]/g)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s && !s.startsWith('type '))
      .map((s) => s.split(/\s+as\s+/)[0]!),
  );
}

const outside = sources(srcDir).filter((f) => !f.startsWith(guestsDir + '/'));
const rel = (f: string) => relative(srcDir, f);

/**
 * Capture code that still reads the guests' tables itself, and why. The list may only shrink: each
 * entry is a question the guests module should answer instead (ADR 029, consequences).
 */
const KNOWN_READERS: Record<string, string> = {
  'app/photo-view.ts': "joins the author's name onto every photo list",
  'app/export-plan.ts': 'lists the guests and their names for the ZIP export',
  'app/back-office.ts': 'searches photos by guest name and counts guests per event for the back office',
  'app/deletion.ts': "deletes an event's devices with its photos, in one transaction",
};

describe('the guests module’s boundary (ADR 029)', () => {
  it('is entered only through guests/index.ts', () => {
    const reaching = outside.flatMap((file) =>
      specifiers(readFileSync(file, 'utf8'))
        .filter((s) => s.startsWith('.'))
        .map((s) => resolve(dirname(file), s))
        .filter((target) => target.startsWith(guestsDir + '/'))
        .filter((target) => !/\/guests\/index(\.ts)?$/.test(target))
        .map((target) => `${rel(file)} -> ${relative(srcDir, target)}`),
    );
    expect(reaching).toEqual([]);
  });

  it('owns photos.devices and photos.reports: no other code queries them but the known readers', () => {
    const readers = outside
      .filter((f) => !isTest(f))
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        const values = schemaValues(text);
        return (
          values.includes('devices') ||
          values.includes('reports') ||
          /\bphotos\.(devices|reports)\b/.test(text)
        );
      })
      .map(rel)
      .sort();
    expect(readers).toEqual(Object.keys(KNOWN_READERS).sort());
  });

  it('names the device cookie once, in packages/contracts', () => {
    const roots = ['services', 'packages', 'frontends'].flatMap((top) =>
      readdirSync(join(repo, top), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => join(repo, top, d.name, 'src')),
    );
    const spelled = roots
      .flatMap((root) => {
        try {
          return sources(root);
        } catch {
          return [];
        }
      })
      .filter((f) => !isTest(f))
      .filter((f) => /(['"`])agd_/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(repo, f));
    expect(spelled).toEqual(['packages/contracts/src/photos.ts']);
  });
});
