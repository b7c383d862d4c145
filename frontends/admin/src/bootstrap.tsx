import { renderStandalone } from '@afterglow/ui/standalone';
import * as pages from './pages';
import './standalone.css';

renderStandalone('admin', [
  { path: '/admin-dashboard', Component: pages.AdminDashboard },
  { path: '/test-camera', Component: pages.TestCamera },
]);
