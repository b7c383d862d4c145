import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { Router, type Request, type Response } from 'express';

const REMOTES = ['guest', 'host', 'admin'];
const NOT_SPA = /^\/(api|uploads|idp|ws|remotes|livez|readyz)(\/|$)/;

/**
 * Hashed files never change (scripts, styles and the language catalogues, i18n/<domain>.<lang>.<hash>.json);
 * the manifests, entries and the page must be revalidated.
 */
function cacheHeaders(res: Response, path: string) {
  if (/\.[0-9a-f]{8}\.(js|css|json)(\.map)?$/.test(path))
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  else res.setHeader('Cache-Control', 'no-cache');
}

/**
 * The web app: the shell at '/', each remote under '/remotes/<name>/' (its mf-manifest.json, entry
 * and chunks, loaded by the shell at run time), the service worker at '/sw.js', and the shell's page
 * for every other browser path.
 */
export function webRouter(webDir: string): Router {
  const r = Router();
  const shellDist = join(webDir, 'shell', 'dist');
  const index = join(shellDist, 'index.html');
  for (const name of REMOTES) {
    r.use(
      `/remotes/${name}`,
      express.static(join(webDir, name, 'dist'), {
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
  r.use(express.static(shellDist, { index: false, setHeaders: cacheHeaders }));
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
    res.sendFile(index);
  });
  return r;
}
