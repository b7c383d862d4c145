import './styles.css';

export { CreateEvent } from './pages/CreateEvent';
export { HostDashboard } from './pages/HostDashboard';
export { LiveModeration } from './pages/LiveModeration';
export { LiveSlideshow } from './pages/LiveSlideshow';
export { Slideshow } from './pages/Slideshow';
export { Pricing } from './pages/Pricing';
export { Checkout } from './pages/Checkout';
export { MyDashboard } from './pages/MyDashboard';
