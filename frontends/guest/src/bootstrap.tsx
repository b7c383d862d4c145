import { renderStandalone } from '@afterglow/ui/standalone';
import pages from './pages.json';
import './standalone.css';
import './styles.css';

renderStandalone('guest', pages, (page) => import(`./pages/${page}.tsx`));
