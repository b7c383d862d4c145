import { readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  filesUnder,
  importsOf,
  isTestCode,
  resolveImport,
  root as repo,
  sourceFiles,
} from '../../../../scripts/checks/import-graph.mjs';

/**
 * The guests module's boundary (ADR 029), checked on the source: captures ask `guests/index.ts` and
 * nothing else of the module, and no capture code queries the guests' tables. Imports are read as the
 * repository's import checks read them (scripts/checks/import-graph.mjs).
 */

const guestsDir = dirname(fileURLToPath(import.meta.url));
const srcDir = resolve(guestsDir, '..');

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

const outside = filesUnder(srcDir, { tests: true }).filter((f) => !f.startsWith(guestsDir + sep));
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
      importsOf(file)
        .map((s) => resolveImport(s, file))
        .filter((target): target is string => !!target && target.startsWith(guestsDir + sep))
        .filter((target) => target !== resolve(guestsDir, 'index.ts'))
        .map((target) => `${rel(file)} -> ${relative(srcDir, target)}`),
    );
    expect(reaching).toEqual([]);
  });

  it('owns photos.devices and photos.reports: no other code queries them but the known readers', () => {
    const readers = outside
      .filter((f) => !isTestCode(f))
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
    const spelled = sourceFiles()
      .filter((f) => /(['"`])agd_/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(repo, f));
    expect(spelled).toEqual(['packages/contracts/src/photos.ts']);
  });
});
