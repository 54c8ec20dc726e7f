import { z } from 'zod';

// Zod compiles object parsers with `new Function` unless told not to; under our CSP (no 'unsafe-eval')
// even its feature probe is reported as a violation. Imported first by main.tsx.
z.config({ jitless: true });
