import { createRoot } from 'react-dom/client';
import { App } from './App';
import { registerServiceWorker } from './serviceWorker';
import './styles.css';

createRoot(document.getElementById('root')!).render(<App />);
registerServiceWorker();
