// The safety worker run from its TypeScript source (tests, tsx): tsx's loader first, then the worker.
// The built server runs safety-worker.mjs, built from safety-worker.ts, instead.
import { register } from 'tsx/esm/api';

register();
await import('./safety-worker.ts');
