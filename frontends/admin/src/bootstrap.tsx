import { renderStandalone } from '@afterglow/ui/standalone';
import pages from './pages.json';
import './standalone.css';
import './styles.css';

renderStandalone('admin', pages, (page) => import(`./pages/${page}.tsx`));
