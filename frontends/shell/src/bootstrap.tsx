import { createRoot } from 'react-dom/client';
import { App, queryClient } from './App';
import { registerServiceWorker } from './pwa/appState';
import './styles.css';

createRoot(document.getElementById('root')!).render(<App />);
registerServiceWorker(() => void queryClient.invalidateQueries({ type: 'active' }));
