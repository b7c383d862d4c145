import './styles.css';

export { JoinByCode } from './pages/JoinByCode';
export { Join } from './pages/Join';
export { Camera } from './pages/Camera';
export { Gallery } from './pages/Gallery';
export { PublicGallery } from './pages/PublicGallery';
