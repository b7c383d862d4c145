import { renderStandalone } from '@afterglow/ui/standalone';
import * as pages from './pages';
import './standalone.css';

renderStandalone('guest', [
  { path: '/join', Component: pages.JoinByCode },
  { path: '/join/:code', Component: pages.Join },
  { path: '/camera/:code', Component: pages.Camera },
  { path: '/gallery/:code', Component: pages.Gallery },
  { path: '/public/:slug', Component: pages.PublicGallery },
]);
