import { renderStandalone } from '@afterglow/ui/standalone';
import pages from './pages.json';
import './standalone.css';
import './styles.css';

renderStandalone('host', pages, (page) => import(`./pages/${page}.tsx`));
