import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import ts from 'typescript';
import { defineConfig, type Plugin } from 'vite';
import PUBLIC_MESSAGE_PREFIXES from './src/lib/i18n/public-message-prefixes.json' with { type: 'json' };

const PUBLIC_SUFFIX = '?public';
/** Replaced by the server with each response's CSP nonce (platform/web-app.ts). */
const NONCE_PLACEHOLDER = '__CSP_NONCE__';

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

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Text files worth compressing; index.html is not (the server writes a nonce into it per response). */
const PRECOMPRESSED = /\.(?:js|mjs|css|svg|json|txt|webmanifest)$/;
const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * Writes file.br (brotli, best quality) and file.gz (gzip level 9) beside every compressible file of
 * the build, once, so the server sends them as they are (@fastify/static preCompressed) at no CPU per
 * request. Source maps are left to the server's on-the-fly compression: only developer tools fetch them.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'rtms-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true })).filter((file) => PRECOMPRESSED.test(file));
      await Promise.all(
        files.map(async (file) => {
          const fullPath = path.join(outDir, file);
          const content = await fs.readFile(fullPath);
          if (content.length < PRECOMPRESS_MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([fs.writeFile(`${fullPath}.br`, br), fs.writeFile(`${fullPath}.gz`, gz)]);
        }),
      );
    },
  };
}

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+)"\s*\/?>/g;

/**
 * Puts the page's style sheets (the boot loader's and the app's, 4 KB compressed together) into index.html as
 * `<style>` elements with the response's CSP nonce: a style sheet in <head> blocks the first paint until it
 * arrives, one round trip after the page on a phone's network, while index.html is compressed anyway. The
 * files are still written (the screens' own style sheets are linked by their chunks as before).
 */
function inlineStylesheets(): Plugin {
  let publicDir = '';
  return {
    name: 'rtms-inline-stylesheets',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle }) {
        const sheets = await Promise.all(
          [...html.matchAll(STYLESHEET_LINK)].map(async ([link, file = '']) => {
            const asset = bundle?.[file];
            const css =
              asset?.type === 'asset'
                ? Buffer.from(asset.source).toString('utf8')
                : await fs.readFile(path.join(publicDir, file), 'utf8');
            return [link, css.replaceAll('</', '<\\/')] as const;
          }),
        );
        return sheets.reduce(
          (page, [link, css]) => page.replace(link, () => `<style nonce="${NONCE_PLACEHOLDER}">${css}</style>`),
          html,
        );
      },
    },
  };
}

/** The web app: built into dist/ and served by the API server on the same port. */
export default defineConfig({
  plugins: [publicCatalogues(), react(), inlineStylesheets(), precompress()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: {
        // antd's own components are pure modules (its package.json says which files are not), but the
        // rc-component packages under it say nothing, so every module they re-export was kept: the
        // sign-in page's Input pulled the whole form engine and its validator. They declare components
        // and hooks only (no global registration, no CSS imports), so what is not used can go.
        moduleSideEffects: [{ test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically (the sign-in page, React, the router, antd's core) in one
            // chunk: left to the automatic splitting, these modules were cut by the set of lazy screens sharing
            // each of them, and every new lazy chunk cut them finer (14 scripts before the sign-in page, 32 once
            // the dashboard's cards and the shell's drawers were made lazy). Same bytes, one request.
            { name: 'initial', tags: ['$initial'], priority: 1 },
            // The icons of the signed-in screens in one chunk (17 KB compressed) instead of one request of 1 KB
            // or less per icon and per set of screens sharing it.
            { name: 'icons', test: /[\\/]node_modules[\\/]@ant-design[\\/]icons(?:-svg)?[\\/]/ },
          ],
        },
      },
    },
  },
});
