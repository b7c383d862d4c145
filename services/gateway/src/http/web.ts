import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import express, { Router, type NextFunction, type Request, type Response } from 'express';

const REMOTES = ['guest', 'host', 'admin'];
const NOT_SPA = /^\/(api|uploads|idp|ws|remotes|livez|readyz)(\/|$)/;

/** A file whose name carries its content's hash: it never changes. */
const HASHED = /\.[0-9a-f]{8}\.(js|css|json)(\.map)?$/;

/**
 * Hashed files never change (scripts, styles and the language catalogues, i18n/<domain>.<lang>.<hash>.json);
 * the manifests, entries and the page must be revalidated.
 */
function cacheHeaders(res: Response, path: string) {
  if (HASHED.test(path)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  else res.setHeader('Cache-Control', 'no-cache');
}

/** The build's precompressed copies beside a file (frontends/precompress.mjs), best first. */
const ENCODINGS = [
  { name: 'br', ext: '.br' },
  { name: 'gzip', ext: '.gz' },
] as const;
const PRECOMPRESSED = /\.(js|css|json)$/;

const isFile = (file: string) => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/**
 * Sends a script, style or JSON file of `root` as the build compressed it (Brotli, else gzip) when
 * the browser accepts that encoding and the copy exists; anything else goes on to express.static. The
 * answer is the file's own: its type, its caching, `Vary: Accept-Encoding`.
 */
export function precompressed(root: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !PRECOMPRESSED.test(req.path)) return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    // anything odd (a dot file, a climb out of the root) gets express.static's own answer
    if (path.includes('\0') || path.split('/').some((s) => s === '..' || s.startsWith('.'))) return next();
    res.vary('Accept-Encoding');
    const encoding = ENCODINGS.find(
      (e) => req.acceptsEncodings(e.name) === e.name && isFile(join(root, path + e.ext)),
    );
    if (!encoding || !isFile(join(root, path))) return next();
    cacheHeaders(res, path);
    res.setHeader('Content-Encoding', encoding.name);
    res.type(extname(path));
    res.sendFile(path + encoding.ext, { root, dotfiles: 'deny', cacheControl: false }, (err) => {
      if (!err || res.headersSent) return;
      // gone since (a new build): as if it had never been there
      res.removeHeader('Content-Encoding');
      res.removeHeader('Content-Type');
      next();
    });
  };
}

/** A JSON file of a build, read again only when a new build has replaced it; null while it is missing. */
function builtJson<T>(file: string): () => T | null {
  let seen = -1;
  let value: T | null = null;
  return () => {
    try {
      const mtime = statSync(file).mtimeMs;
      if (mtime !== seen) {
        value = JSON.parse(readFileSync(file, 'utf8')) as T;
        seen = mtime;
      }
    } catch {
      value = null;
      seen = -1;
    }
    return value;
  };
}

/** What the gateway reads of a remote's build: its pages (src/pages.json, copied) and its manifest. */
type Pages = Record<string, { path: string; data?: string[] }>;
interface Manifest {
  metaData: { publicPath: string; remoteEntry: { name: string; path: string } };
  exposes: { path: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }[];
}

/** What the shell's start needs, its entry first (frontends/startup-preload.mjs writes it). */
interface Startup {
  files: { href: string; as: 'script' | 'style' }[];
}

const segments = (path: string) => path.split('/').filter(Boolean);
/**
 * A page's route (`/join/:code`) against a path's segments, as the shell's router matches it: its
 * parameters as written in the path, or null.
 */
function matches(route: string, parts: string[]): Record<string, string> | null {
  const pattern = segments(route);
  if (pattern.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (const [i, p] of pattern.entries()) {
    if (p.startsWith(':')) params[p.slice(1)] = parts[i]!;
    else if (p !== parts[i]!.toLowerCase()) return null;
  }
  return params;
}

/**
 * A page's data address (`/api/events/by-code/:code([A-Z0-9]{6})`) with its parameters filled in, or
 * null when one does not match its pattern: the page would then ask for another address (a code it
 * writes otherwise), or for none.
 */
function dataAddress(template: string, params: Record<string, string>): string | null {
  let ok = true;
  const filled = template.replace(/:(\w+)(?:\(([^)]*)\))?/g, (_all, name: string, pattern?: string) => {
    const value = params[name];
    if (value === undefined || (pattern !== undefined && !new RegExp(`^(?:${pattern})$`).test(value)))
      ok = false;
    return encodeURIComponent(value ?? '');
  });
  return ok ? filled : null;
}

/**
 * The `Link` header that lets a browser fetch the shell's start (its entry and the files it needs
 * first, `shell/dist/startup.json`) and a remote page's files, and the data its first render
 * reads, with the shell's page itself (docs/adr/037-guest-page-weight.md): the remote's manifest
 * (which the shell reads, and then finds already on its way), its entry, the page's and the remote's
 * styles' scripts and styles, and the page's `data` addresses. Without it the page's files start only
 * once the shell's entry has arrived and run, and then the manifest has come back, and its data once
 * the page has rendered: on a slow phone, a second or more. The remotes' pages come from their builds
 * (`<remote>/dist/pages.json` beside `mf-manifest.json`), so a redeployed remote is seen at once.
 */
export function pagePreloads(webDir: string): (path: string) => string | null {
  const remotes = REMOTES.map((name) => ({
    pages: builtJson<Pages>(join(webDir, name, 'dist', 'pages.json')),
    manifest: builtJson<Manifest>(join(webDir, name, 'dist', 'mf-manifest.json')),
  }));
  const startup = builtJson<Startup>(join(webDir, 'shell', 'dist', 'startup.json'));
  return (path) => {
    // The shell's own start first: the page names the same files, but only once it has arrived and
    // been parsed; from the headers they are asked for a round trip sooner, ahead of the remote's.
    const shell = (startup()?.files ?? []).map((f) => `<${f.href}>; rel=preload; as=${f.as}`);
    const page = remotePreloads(path);
    const all = [...shell, ...(page ?? [])];
    return all.length ? all.join(', ') : null;
  };

  function remotePreloads(path: string): string[] | null {
    const parts = segments(path);
    for (const remote of remotes) {
      const pages = remote.pages();
      if (!pages) continue;
      for (const [page, entry] of Object.entries(pages)) {
        const params = matches(entry.path, parts);
        if (!params) continue;
        const manifest = remote.manifest();
        if (!manifest) return null;
        const { publicPath, remoteEntry } = manifest.metaData;
        const wanted = manifest.exposes.filter((e) => e.path === `./${page}` || e.path === './styles');
        const link = (file: string, as: string, extra = '') =>
          `<${publicPath}${file}>; rel=preload; as=${as}${extra}`;
        const data = (entry.data ?? []).flatMap((t) => dataAddress(t, params) ?? []);
        return [
          // as the shell fetches it: a same-origin request in CORS mode
          link('mf-manifest.json', 'fetch', '; crossorigin'),
          link(`${remoteEntry.path}${remoteEntry.name}`, 'script'),
          ...wanted.flatMap((e) => e.assets.js.sync).map((f) => link(f, 'script')),
          ...wanted.flatMap((e) => e.assets.css.sync).map((f) => link(f, 'style')),
          // as the page reads it: with its cookies (the API client's `credentials: 'include'`)
          ...data.map((address) => `<${address}>; rel=preload; as=fetch; crossorigin=use-credentials`),
        ];
      }
    }
    return null;
  }
}

/**
 * The web app: the shell at '/', each remote under '/remotes/<name>/' (its mf-manifest.json, entry
 * and chunks, loaded by the shell at run time), the service worker at '/sw.js', and the shell's page
 * for every other browser path. Scripts, styles and JSON go out precompressed where the build made
 * copies (docs/adr/037-guest-page-weight.md).
 */
export function webRouter(webDir: string): Router {
  const r = Router();
  const shellDist = join(webDir, 'shell', 'dist');
  const index = join(shellDist, 'index.html');
  const preloads = pagePreloads(webDir);
  for (const name of REMOTES) {
    const dist = join(webDir, name, 'dist');
    r.use(
      `/remotes/${name}`,
      precompressed(dist),
      express.static(dist, {
        index: false,
        fallthrough: true,
        setHeaders: cacheHeaders,
      }),
    );
  }
  // The service worker (the guest's offline photo queue) must come from the root to control the
  // whole site; never cached, so an update is seen on the next visit.
  const serviceWorker = join(webDir, 'guest', 'dist', 'sw.js');
  r.get('/sw.js', (_req: Request, res: Response, next) => {
    if (!existsSync(serviceWorker)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.type('text/javascript');
    res.sendFile(serviceWorker);
  });
  r.use('/remotes', (_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  r.use(precompressed(shellDist), express.static(shellDist, { index: false, setHeaders: cacheHeaders }));
  r.get('/{*path}', (req: Request, res: Response, next) => {
    if (NOT_SPA.test(req.path) || !req.accepts('html')) return next();
    if (!existsSync(index)) {
      res
        .status(503)
        .type('text/plain')
        .send(
          'The Afterglow web app has not been built yet: run `npm run build` (npm start does it for you).',
        );
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    const links = preloads(req.path);
    if (links) res.setHeader('Link', links);
    res.sendFile(index);
  });
  return r;
}
