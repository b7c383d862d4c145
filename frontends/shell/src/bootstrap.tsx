import { createRoot } from 'react-dom/client';
import { startLanguage } from '@afterglow/ui';
import { App, queryClient } from './App';
import { registerServiceWorker } from './pwa/appState';
import './styles.css';

// The page's language (and its catalogues) before the first render: no English flash on a German phone.
void startLanguage().then(() => createRoot(document.getElementById('root')!).render(<App />));
registerServiceWorker(() => void queryClient.invalidateQueries({ type: 'active' }));
