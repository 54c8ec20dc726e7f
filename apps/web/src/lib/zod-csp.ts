// Zod compiles object parsers with `new Function` unless told not to; under our CSP (no 'unsafe-eval') even its
// feature probe is reported as a violation. Imported first by main.tsx, before any schema is built (an object
// schema reads the setting when it is created). Zod keeps its configuration on `globalThis.__zod_globalConfig`
// and takes the object found there (zod/v4/core/core.js), so the setting is made without importing zod: the first
// page's script does not carry the library (decision 032). zod-csp.test.ts proves that zod reads it.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// Zod holds the object it found, so it is changed in place, never replaced.
(holder.__zod_globalConfig ??= {}).jitless = true;
export {};
