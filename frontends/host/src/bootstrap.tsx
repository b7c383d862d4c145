import { renderStandalone } from '@afterglow/ui/standalone';
import * as pages from './pages';
import './standalone.css';

renderStandalone('host', [
  { path: '/create-event', Component: pages.CreateEvent },
  { path: '/host/dashboard/:id', Component: pages.HostDashboard },
  { path: '/slideshow/:code', Component: pages.Slideshow },
  { path: '/live-moderation/:id', Component: pages.LiveModeration },
  { path: '/live-slideshow/:code', Component: pages.LiveSlideshow },
  { path: '/pricing', Component: pages.Pricing },
  { path: '/checkout', Component: pages.Checkout },
  { path: '/dashboard', Component: pages.MyDashboard },
]);
