import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain JavaScript, read by Rspack
import { remoteExposes } from '../../rspack.shared.mjs';
import { ROUTES, matchRoute, routeFor } from './routes';

const frontends = join(dirname(fileURLToPath(import.meta.url)), '../..');

describe('the routes of spec section 2', () => {
  it('each renders a page of the remote that declares it', () => {
    const table = Object.fromEntries(ROUTES.map((r) => [r.path, `${r.remote}/${r.page}`]));
    expect(table).toEqual({
      '/join': 'guest/JoinByCode',
      '/join/:code': 'guest/Join',
      '/camera/:code': 'guest/Camera',
      '/gallery/:code': 'guest/Gallery',
      '/public/:slug': 'guest/PublicGallery',
      '/create-event': 'host/CreateEvent',
      '/host/dashboard/:id': 'host/HostDashboard',
      '/slideshow/:code': 'host/Slideshow',
      '/live-moderation/:id': 'host/LiveModeration',
      '/live-slideshow/:code': 'host/VenueScreen',
      '/pricing': 'host/Pricing',
      '/checkout': 'host/Checkout',
      '/dashboard': 'host/MyDashboard',
      '/host/qr-kit/:id': 'host/QrKit',
      '/admin-dashboard': 'admin/AdminDashboard',
      '/test-camera': 'admin/TestCamera',
    });
  });

  it('fill the screen, without the header, on the camera, the slideshows and the print kit only', () => {
    expect(ROUTES.filter((r) => r.chrome === false).map((r) => r.path)).toEqual([
      '/camera/:code',
      '/slideshow/:code',
      '/live-slideshow/:code',
      '/host/qr-kit/:id',
    ]);
  });

  it('are found for a path as the router matches it', () => {
    expect(routeFor('/camera/ABC234')?.page).toBe('Camera');
    expect(routeFor('/CAMERA/abc234/')?.page).toBe('Camera');
    expect(routeFor('/join')?.page).toBe('JoinByCode');
    expect(routeFor('/join/ABC234')?.page).toBe('Join');
    expect(routeFor('/host/dashboard/123')?.page).toBe('HostDashboard');
    expect(routeFor('/camera')).toBeUndefined();
    expect(routeFor('/camera/ABC234/more')).toBeUndefined();
    expect(routeFor('/')).toBeUndefined();
  });

  it('give the page its parameters, decoded as React Router decodes them', () => {
    expect(matchRoute('/join/ABC234')?.params).toEqual({ code: 'ABC234' });
    expect(matchRoute('/Host/Dashboard/a%20b/')?.params).toEqual({ id: 'a b' });
    expect(matchRoute('/public/caf%C3%A9-party')?.params).toEqual({ slug: 'café-party' });
    // an escaped slash stays escaped; a malformed escape is kept as written rather than failing the page
    expect(matchRoute('/public/a%2Fb')?.params).toEqual({ slug: 'a%2Fb' });
    expect(matchRoute('/public/100%')?.params).toEqual({ slug: '100%' });
    expect(matchRoute('/pricing')?.params).toEqual({});
    expect(matchRoute('/nowhere')).toBeUndefined();
  });
});

describe("a remote's pages manifest", () => {
  it.each(['guest', 'host', 'admin'])(
    '%s: is what the remote exposes, each page in its own file',
    (remote) => {
      const dir = join(frontends, remote);
      const pages = ROUTES.filter((r) => r.remote === remote).map((r) => r.page);
      const exposes = remoteExposes(dir) as Record<string, string>;
      expect(exposes).toEqual({
        './styles': './src/styles.css',
        ...Object.fromEntries(pages.map((p) => [`./${p}`, `./src/pages/${p}.tsx`])),
      });
      for (const page of pages) {
        const file = join(dir, 'src/pages', `${page}.tsx`);
        expect(existsSync(file), file).toBe(true);
        expect(readFileSync(file, 'utf8')).toMatch(new RegExp(`export (function|const) ${page}\\b`));
      }
    },
  );
});
