import sharp from 'sharp';

/**
 * A fixed, photo-like scene (sky, sun, hills, a figure), drawn from shapes: the same bytes everywhere.
 * The film looks' goldens are made from it, for photos and for clips that hold it.
 */
export const SCENE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#4a7fc1"/><stop offset="1" stop-color="#f2c48d"/></linearGradient></defs>
  <rect width="1200" height="900" fill="url(#sky)"/>
  <circle cx="880" cy="300" r="90" fill="#ffe9a8"/>
  <path d="M0 620 Q300 480 600 600 T1200 560 V900 H0Z" fill="#4f7a3a"/>
  <path d="M0 760 Q400 660 800 740 T1200 720 V900 H0Z" fill="#2f5226"/>
  <rect x="300" y="520" width="60" height="180" rx="20" fill="#c0392b"/>
  <circle cx="330" cy="490" r="34" fill="#e0b08a"/>
  <rect x="760" y="640" width="220" height="120" fill="#ecf0f1"/>
</svg>`;

/** The scene as a JPEG, as a phone would upload it. */
export const scene = () => sharp(Buffer.from(SCENE_SVG)).jpeg({ quality: 90 }).toBuffer();
