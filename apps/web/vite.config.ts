import fs from 'node:fs/promises';
import react from '@vitejs/plugin-react';
import ts from 'typescript';
import { defineConfig, type Plugin } from 'vite';
import PUBLIC_MESSAGE_PREFIXES from './src/lib/i18n/public-message-prefixes.json' with { type: 'json' };

const PUBLIC_SUFFIX = '?public';

/**
 * `import messages from './messages/es?public'` gives the public messages of a catalogue (public-keys.ts),
 * cut from the one source file when it is built: the sign-in page carries a few dozen strings instead of
 * every screen's.
 */
function publicCatalogues(): Plugin {
  return {
    name: 'rtms-public-catalogues',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(PUBLIC_SUFFIX)) return null;
      const resolved = await this.resolve(`${source.slice(0, -PUBLIC_SUFFIX.length)}.ts`, importer, { skipSelf: true });
      return resolved ? `${resolved.id}${PUBLIC_SUFFIX}` : null;
    },
    async load(id) {
      if (!id.endsWith(PUBLIC_SUFFIX)) return null;
      const file = id.slice(0, -PUBLIC_SUFFIX.length);
      this.addWatchFile(file);
      const javascript = ts.transpileModule(await fs.readFile(file, 'utf8'), {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      }).outputText;
      const module = (await import(
        `data:text/javascript;base64,${Buffer.from(javascript).toString('base64')}`
      )) as Record<string, unknown>;
      const catalogue = Object.values(module).find(
        (value): value is Record<string, string> => typeof value === 'object' && value !== null,
      );
      if (!catalogue) this.error(`${file} exports no catalogue`);
      const messages = Object.fromEntries(
        Object.entries(catalogue).filter(([key]) => PUBLIC_MESSAGE_PREFIXES.some((prefix) => key.startsWith(prefix))),
      );
      return `export default ${JSON.stringify(messages)};`;
    },
  };
}

/** The web app: built into dist/ and served by the API server on the same port. */
export default defineConfig({
  plugins: [publicCatalogues(), react()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
});
