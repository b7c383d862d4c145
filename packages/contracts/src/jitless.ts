import { z } from 'zod';

// No code generation at run time: the web app's CSP forbids eval, and zod would probe for it.
// Imported by every module that builds schemas, right after zod, so it runs before any schema is
// built; the package is otherwise free of side effects, so a bundle keeps only what it imports.
z.config({ jitless: true });
