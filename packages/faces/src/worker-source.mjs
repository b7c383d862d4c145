// The faces worker run from its TypeScript source (tests, tsx): tsx's loader first, then the worker.
// The built server runs faces-worker.mjs, built from worker.ts, instead.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
