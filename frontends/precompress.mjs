// The web apps' files precompressed at build time (docs/adr/037-guest-page-weight.md): beside each
// script, style and JSON file Rspack emits, `<file>.br` (Brotli, its best quality) and `<file>.gz`
// (gzip level 9), which the gateway sends by the request's Accept-Encoding
// (services/gateway/src/http/web.ts). The best compression costs a build a few seconds once, and no
// request anything; on a phone's slow network Brotli's files are about a sixth smaller than the gzip
// the gateway would make on the fly.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const br = promisify(brotliCompress);
const gz = promisify(gzip);

/** What is worth compressing: text the browser fetches (not source maps, not the build's report). */
export const PRECOMPRESSED = /(?<!mf-stats)\.(js|css|json)$/;
/** Below this a file fits in one packet anyway; compressing it saves nothing. */
export const MIN_BYTES = 1024;

/**
 * @param {Buffer} content
 * @returns {Promise<{ br: Buffer, gz: Buffer }>}
 */
export async function precompress(content) {
  const [b, g] = await Promise.all([
    br(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gz(content, { level: 9 }),
  ]);
  return { br: b, gz: g };
}

/** Rspack plugin: emits the `.br` and `.gz` of every finished asset that is worth it. */
export class PrecompressPlugin {
  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // after minifying and hashing, when the files are what the browser will get
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        async (assets) => {
          await Promise.all(
            Object.entries(assets)
              .filter(([name]) => PRECOMPRESSED.test(name))
              .map(async ([name, source]) => {
                const content = /** @type {Buffer} */ (source.buffer());
                if (content.length < MIN_BYTES) return;
                const out = await precompress(content);
                compilation.emitAsset(`${name}.br`, new sources.RawSource(out.br));
                compilation.emitAsset(`${name}.gz`, new sources.RawSource(out.gz));
              }),
          );
        },
      );
    });
  }
}
