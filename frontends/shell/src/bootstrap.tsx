import { createRoot } from 'react-dom/client';
import { startLanguage } from '@afterglow/ui';
import { App, queryClient } from './App';
import { registerServiceWorker } from './pwa/appState';
import './styles.css';

// The page's language (and its catalogues) before the first render: no English flash on a German phone.
void startLanguage().then(() => createRoot(document.getElementById('root')!).render(<App />));
// A first worker took the page over: what the page read before goes again, through it (for offline
// use), without cancelling what is on its way (a list's next page asked for meanwhile would be lost).
registerServiceWorker(() => void queryClient.invalidateQueries({ type: 'active' }, { cancelRefetch: false }));
