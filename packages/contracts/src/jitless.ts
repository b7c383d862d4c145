import { z } from 'zod';

// No code generation at run time: the web app's CSP forbids eval, and zod would probe for it.
// Imported first by the index, so it runs before any schema is built.
z.config({ jitless: true });
