import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { Router, type Request, type Response } from 'express';

const REMOTES = ['guest', 'host', 'admin'];
const NOT_SPA = /^\/(api|uploads|idp|ws|remotes|livez|readyz)(\/|$)/;

/** Hashed files never change; the manifests, entries and the page must be revalidated. */
function cacheHeaders(res: Response, path: string) {
  if (/\.[0-9a-f]{8}\.(js|css)(\.map)?$/.test(path))
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  else res.setHeader('Cache-Control', 'no-cache');
}

/**
 * The web app: the shell at '/', each remote under '/remotes/<name>/' (its mf-manifest.json, entry
 * and chunks, loaded by the shell at run time), and the shell's page for every other browser path.
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
