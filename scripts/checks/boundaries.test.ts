import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles, root } from './import-graph.mjs';

/** What the repository's own ESLint configuration says of `code` written at `path`. */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return result!.messages.filter((m) => m.ruleId === 'afterglow/import-boundaries').map((m) => m.message);
}

describe('import boundaries (ESLint, the repository configuration)', () => {
  it('refuses a service importing another service, by path or by package', async () => {
    expect(
      await boundaryErrors(
        'services/events/src/app/boundary-probe.ts',
        "import { photosApp } from '../../../photos/src/app/photos';\nexport const x = photosApp;\n",
      ),
    ).toEqual([expect.stringContaining('a service never imports another service (services/photos)')]);
    expect(
      await boundaryErrors(
        'services/billing/src/boundary-probe.ts',
        "export { photosModule } from '@afterglow/photos';\n",
      ),
    ).toHaveLength(1);
  });

  it('refuses a frontend importing a service, and a package importing a service or a frontend', async () => {
    expect(
      await boundaryErrors(
        'frontends/guest/src/boundary-probe.ts',
        "import type { PhotosApp } from '@afterglow/photos';\nexport type X = PhotosApp;\n",
      ),
    ).toEqual([expect.stringContaining('a frontend never imports a service')]);
    expect(
      await boundaryErrors(
        'packages/db/src/boundary-probe.ts',
        "export const load = () => import('../../../services/media/src/module');\n",
      ),
    ).toEqual([expect.stringContaining('a package never imports a service')]);
    expect(
      await boundaryErrors(
        'packages/contracts/src/boundary-probe.ts',
        "import '../../../frontends/guest/src/index';\n",
      ),
    ).toEqual([expect.stringContaining('a package never imports a frontend')]);
  });

  it('keeps test support out of non-test code, and lets tests use it', async () => {
    const world = "import { useWorld } from '../test-support/world';\nexport const w = useWorld;\n";
    expect(await boundaryErrors('services/photos/src/app/boundary-probe.ts', world)).toEqual([
      expect.stringContaining('test support from non-test code'),
    ]);
    expect(
      await boundaryErrors(
        'services/photos/src/app/boundary-probe.ts',
        "export { scratchPostgres } from '@afterglow/db/test-support/scratch-db';\n",
      ),
    ).toHaveLength(1);
    expect(await boundaryErrors('services/photos/src/app/boundary-probe.test.ts', world)).toEqual([]);
  });

  it('lets each layer import packages, its own files, and the launcher compose the services', async () => {
    expect(
      await boundaryErrors(
        'services/photos/src/app/boundary-probe.ts',
        "import { ask } from '@afterglow/bus';\nimport { photosApp } from './photos';\nexport const x = [ask, photosApp];\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'services/server/src/boundary-probe.ts',
        "import { photosModule } from '@afterglow/photos';\nexport const x = photosModule;\n",
      ),
    ).toEqual([]);
  });
});

describe('import cycles', () => {
  const dir = mkdtempSync(join(tmpdir(), 'afterglow-cycle-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are found, type-only and dynamic imports included', () => {
    writeFileSync(join(dir, 'a.ts'), "import type { B } from './b';\nexport type A = B;\n");
    writeFileSync(join(dir, 'b.ts'), "export type B = string;\nexport const load = () => import('./a');\n");
    writeFileSync(join(dir, 'c.ts'), "import './a';\n");
    const cycles = importCycles([join(dir, 'a.ts'), join(dir, 'b.ts'), join(dir, 'c.ts')]);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]!.map((f) => f.split('/').pop()).sort()).toEqual(['a.ts', 'b.ts']);
  });

  it('are none in the packages, services and frontends', () => {
    expect(importCycles()).toEqual([]);
  });
});
