import { z } from 'zod';

// No code generation at run time: the web app's CSP forbids eval, and zod would probe for it.
z.config({ jitless: true });

export * from './problem';
export * from './catalog';
export * from './events';
export * from './photos';
export * from './bus';
export * from './auth';
