import './styles.css';

export { AdminDashboard } from './pages/AdminDashboard';
export { TestCamera } from './pages/TestCamera';
