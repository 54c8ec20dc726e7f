import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import ts from 'typescript';
import { defineConfig, runnerImport, type Plugin, type Rolldown } from 'vite';
import { contractCheckerModule } from './contract-checkers.ts';
import PUBLIC_MESSAGE_PREFIXES from './src/lib/i18n/public-message-prefixes.json' with { type: 'json' };

const PUBLIC_SUFFIX = '?public';
/** Replaced by the server with each response's CSP nonce (platform/web-app.ts). */
const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** Resolves `module<suffix>` as the module (with `extension` added) marked by the suffix, for a plugin's `load`. */
function resolveWithSuffix(suffix: string, extension = ''): NonNullable<Plugin['resolveId']> {
  return async function (this: Rolldown.PluginContext, source: string, importer: string | undefined) {
    if (!source.endsWith(suffix)) return null;
    const resolved = await this.resolve(`${source.slice(0, -suffix.length)}${extension}`, importer, { skipSelf: true });
    return resolved ? `${resolved.id}${suffix}` : null;
  };
}

/**
 * `import messages from './messages/es?public'` gives the public messages of a catalogue (public-keys.ts),
 * cut from the one source file when it is built: the sign-in page carries a few dozen strings instead of
 * every screen's.
 */
function publicCatalogues(): Plugin {
  return {
    name: 'rtms-public-catalogues',
    enforce: 'pre',
    resolveId: resolveWithSuffix(PUBLIC_SUFFIX, '.ts'),
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

const CHECKER_SUFFIX = '?checker';
const CHECKER_RUNTIME = path.resolve(import.meta.dirname, 'src/lib/ajv-answer.ts');

/**
 * `import { xResponseSchema } from '@rtms/shared/schemas/x?checker'` gives a checker of each response schema of that
 * shared module: Ajv's standalone code, compiled at build time from the JSON Schema zod writes of the schema
 * (contract-checkers.ts, `src/lib/ajv-answer.ts`). The first page checks GET /api/config by the shared contract
 * without downloading zod (decision 032). A schema with a transform, a default, a refinement or anything else its
 * JSON Schema does not say is refused here, so the checker never says less.
 */
function contractCheckers(): Plugin {
  return {
    name: 'rtms-contract-checkers',
    enforce: 'pre',
    resolveId: resolveWithSuffix(CHECKER_SUFFIX),
    async load(id) {
      if (!id.endsWith(CHECKER_SUFFIX)) return null;
      const file = id.slice(0, -CHECKER_SUFFIX.length);
      this.addWatchFile(file);
      const { module } = await runnerImport<Record<string, unknown>>(file, { configFile: false, logLevel: 'silent' });
      return contractCheckerModule(module, file, CHECKER_RUNTIME);
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

/** The schema library and the shared zod schemas (the web app's `contract` chunk). */
const CONTRACT_MODULES = /[\\/]node_modules[\\/]zod[\\/]|[\\/]packages[\\/]shared[\\/]src[\\/]schemas[\\/]/;

const SIGNED_IN_CHUNK = 'signed-in';

/**
 * The modules a cold dashboard loads after the entry: the signed-in shell and the dashboard's first view, with
 * everything they import statically. Collected by walking the static imports from those two files.
 */
const SIGNED_IN_ROOTS = ['src/app/layout/app-shell.tsx', 'src/app/pages/dashboard/dashboard-page.tsx'].map((file) =>
  path.resolve(import.meta.dirname, file),
);

/** antd's index re-exports every component: a walk through it would take them all. */
const ANTD_INDEX = /[\\/]node_modules[\\/]antd[\\/]es[\\/]index\.js$/;
const ANTD_NAMED_IMPORTS = /import\s*\{([^}]*)\}\s*from\s*['"]antd['"]/g;
/** A module of a package with this many imports is an index of the package; its importers use a few of them. */
const INDEX_IMPORTS = 30;

/** The name imported by one entry of an import list: `type Foo` and `Foo as Bar` give `Foo`. */
function importedName(entry: string): string {
  return (
    entry
      .trim()
      .replace(/^type\s+/, '')
      .split(/\s+as\s+/)[0] ?? ''
  );
}

/** antd's component modules a source module imports by name from 'antd' (`DatePicker` → antd/es/date-picker/index.js). */
function antdComponentsImportedBy(code: string, antdIndex: string): string[] {
  const kebab = (name: string) => name.replace(/(?<=[a-z])(?=[A-Z])/g, '-').toLowerCase();
  return [...code.matchAll(ANTD_NAMED_IMPORTS)]
    .flatMap(([, names = '']) => names.split(',').map(importedName))
    .filter((name) => /^[A-Za-z]/.test(name))
    .map((name) => path.join(path.dirname(antdIndex), kebab(name), 'index.js'));
}

type GetModuleInfo = (id: string) => Rolldown.ModuleInfo | null;

function isPackageIndex(id: string, getModuleInfo: GetModuleInfo): boolean {
  return id.includes('node_modules') && (getModuleInfo(id)?.importedIds.length ?? 0) > INDEX_IMPORTS;
}

/**
 * The modules statically imported from `roots`, transitively, as far as the bundle uses them: an index module of a
 * package (antd's, the icons') is not walked through, and of antd the components named in the source's imports are.
 */
function staticClosure(roots: string[], getModuleInfo: GetModuleInfo): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    const info = getModuleInfo(id);
    if (seen.has(id) || !info) continue;
    seen.add(id);
    for (const imported of info.importedIds) {
      if (ANTD_INDEX.test(imported)) pending.push(...antdComponentsImportedBy(info.code ?? '', imported));
      else if (!isPackageIndex(imported, getModuleInfo)) pending.push(imported);
    }
  }
  return seen;
}

/**
 * One chunk for the signed-in shell and the dashboard's first view (the page every sign-in lands on). Left to the
 * automatic splitting they were 35 chunks, cut by the set of screens sharing each module; on a phone's network
 * (six connections, a round trip each) the number of requests cost as much as their bytes. Every signed-in screen
 * renders inside the shell, so the modules it shares with them are loaded by every signed-in screen anyway.
 */
function signedInChunkName(): (id: string, ctx: { getModuleInfo: GetModuleInfo }) => string | null {
  let closure: Set<string> | undefined;
  return (id, ctx) => {
    closure ??= staticClosure(SIGNED_IN_ROOTS, (moduleId) => ctx.getModuleInfo(moduleId));
    return closure.has(id) ? SIGNED_IN_CHUNK : null;
  };
}

/** The full message catalogues (lib/i18n/messages/<language>.ts; the sign-in page's `?public` ones are not). */
const FULL_CATALOGUE = /[\\/]src[\\/]lib[\\/]i18n[\\/]messages[\\/]([a-z]+)\.ts$/;

/**
 * The preload script's text. The keys are session-storage.ts's and settings-store.tsx's; English is the
 * interface's default language. A key read wrong would only lose the head start, never change what loads.
 */
function preloadScript(links: Record<string, string>[], catalogues: Record<string, string>): string {
  return `if (localStorage.getItem('token')) {
  let language = 'en';
  try { language = JSON.parse(localStorage.getItem('interfaceSettings') ?? '{}').locale?.locale ?? language; } catch {}
  const catalogue = ${JSON.stringify(catalogues)}[language];
  const links = ${JSON.stringify(links)};
  if (catalogue) links.push({ rel: 'modulepreload', href: catalogue });
  for (const link of links) document.head.append(Object.assign(document.createElement('link'), link));
}
`;
}

/**
 * A script of a few lines, run as soon as it arrives, that starts the download of the signed-in chunk (its script,
 * its other chunks, its style sheet) and of the stored language's catalogue when a session is stored: a cold
 * dashboard then gets them beside the entry instead of after it has run, one round trip and the entry's download
 * earlier. The sign-in page (no session) downloads nothing more. A file, not an inline script: the page's policy
 * allows scripts of its origin, and the nonce written into index.html is the style nonce.
 */
function preloadSignedIn(): Plugin {
  return {
    name: 'rtms-preload-signed-in',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
        const signedIn = chunks.find((chunk) => chunk.name === SIGNED_IN_CHUNK);
        const page = bundle['index.html'];
        if (!signedIn || page?.type !== 'asset') return;
        const entries = new Set(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
        const scripts = [signedIn.fileName, ...signedIn.imports.filter((file) => !entries.has(file))];
        const sheets = [...(signedIn.viteMetadata?.importedCss ?? [])];
        const links = [
          ...scripts.map((file) => ({ rel: 'modulepreload', href: `/${file}` })),
          ...sheets.map((file) => ({ rel: 'preload', as: 'style', href: `/${file}` })),
        ];
        const catalogues = Object.fromEntries(
          chunks.flatMap((chunk) => {
            const language = FULL_CATALOGUE.exec(chunk.facadeModuleId ?? '')?.[1];
            return language ? [[language, `/${chunk.fileName}`]] : [];
          }),
        );
        const source = preloadScript(links, catalogues);
        const fileName = this.getFileName(
          this.emitFile({ type: 'asset', name: `${SIGNED_IN_CHUNK}-preload.js`, source }),
        );
        const html = Buffer.from(page.source).toString('utf8');
        page.source = html.replace(
          '</title>',
          `</title>\n    <script type="module" async src="/${fileName}"></script>`,
        );
      },
    },
  };
}

/** The web app: built into dist/ and served by the API server on the same port. */
export default defineConfig({
  plugins: [publicCatalogues(), contractCheckers(), react(), inlineStylesheets(), preloadSignedIn(), precompress()],
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
            // dayjs's core apart, before the signed-in group (a group takes the dependencies of what it takes): the
            // sign-in page's language menu loads dayjs's date locales (lib/i18n/locale-resources.ts), which import
            // it. Inside the signed-in chunk it made /signin in any language but English download and run the shell.
            { name: 'dayjs', test: /[\\/]node_modules[\\/]dayjs[\\/]dayjs\.min\.js$/, priority: 1 },
            // The schema library and the shared schemas apart too (decision 032): the session's calls of the first
            // page (sign-in, second factor, current user, interface settings) import their response schemas when
            // made, and that import must not bring the signed-in shell with it, nor the first page the library.
            { name: 'contract', test: CONTRACT_MODULES, priority: 1 },
            { name: signedInChunkName() },
          ],
        },
      },
    },
  },
});
