import type { RemoteName } from './remotes';

export interface RemoteRoute {
  path: string;
  remote: RemoteName;
  page: string;
  chrome?: false;
}

/** Every route of spec section 2: which part of Afterglow renders it. */
export const ROUTES: RemoteRoute[] = [
  { path: '/join', remote: 'guest', page: 'JoinByCode' },
  { path: '/join/:code', remote: 'guest', page: 'Join' },
  { path: '/camera/:code', remote: 'guest', page: 'Camera', chrome: false },
  { path: '/gallery/:code', remote: 'guest', page: 'Gallery' },
  { path: '/public/:slug', remote: 'guest', page: 'PublicGallery' },
  { path: '/create-event', remote: 'host', page: 'CreateEvent' },
  { path: '/host/dashboard/:id', remote: 'host', page: 'HostDashboard' },
  { path: '/slideshow/:code', remote: 'host', page: 'Slideshow', chrome: false },
  { path: '/live-moderation/:id', remote: 'host', page: 'LiveModeration' },
  { path: '/live-slideshow/:code', remote: 'host', page: 'LiveSlideshow', chrome: false },
  { path: '/pricing', remote: 'host', page: 'Pricing' },
  { path: '/checkout', remote: 'host', page: 'Checkout' },
  { path: '/dashboard', remote: 'host', page: 'MyDashboard' },
  { path: '/admin-dashboard', remote: 'admin', page: 'AdminDashboard' },
  { path: '/test-camera', remote: 'admin', page: 'TestCamera' },
];

const segments = (path: string) => path.split('/').filter(Boolean);

/** The remote route that renders `pathname` (as the router matches it), if any. */
export function routeFor(pathname: string): RemoteRoute | undefined {
  const parts = segments(pathname);
  return ROUTES.find((r) => {
    const pattern = segments(r.path);
    return (
      pattern.length === parts.length &&
      pattern.every((p, i) => p.startsWith(':') || p === parts[i]?.toLowerCase())
    );
  });
}
