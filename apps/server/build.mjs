// Bundles the server into dist/server.js: our own code and @rtms/shared (TypeScript source) are
// bundled, every npm dependency stays external and is loaded from node_modules at run time.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => !name.startsWith('@rtms/'),
);

await build({
  entryPoints: ['src/server.ts', 'src/cli/demo.ts', 'src/cli/job.ts'],
  outdir: 'dist',
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
