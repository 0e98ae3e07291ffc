import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** The API server in development (DESIGN.md §4: one process on PORT 8080). */
const apiTarget = process.env.SMARTDATA_API ?? 'http://127.0.0.1:8080';

const IS_BRIGHT_ID = '\0smartdata:antd-is-bright';

/**
 * antd's Button and Tag styles take one small helper, `isBright`, from the colour picker's
 * ColorPresets module, which also holds the presets panel and with it the whole Collapse. The
 * bundler places modules, not functions: once a console page uses a ColorPicker, that module's
 * code (and Collapse's) lands in the chunk of Button's styles, which the sign-in page loads.
 * This plugin gives those two style files the helper alone, as a module of its own made of
 * antd's own source text (so it cannot drift from antd's). When antd changes the helper so that
 * it needs more than `RcColor`, the plugin warns and steps aside: the build stays correct and
 * only the sign-in bundle grows (e2e/performance.spec.ts then fails if it passes 250 KB).
 */
function antdIsBrightAlone(): Plugin {
  let helper: string | null = null;
  return {
    name: 'smartdata:antd-is-bright-alone',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (
        !importer ||
        !/[\\/]antd[\\/]es[\\/](button|tag)[\\/]style[\\/]/.test(importer) ||
        !source.endsWith('/color-picker/components/ColorPresets')
      ) {
        return null;
      }
      if (helper === null) {
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        helper = resolved ? extractIsBright(readFileSync(resolved.id, 'utf8')) : '';
        if (!helper) {
          this.warn('antd ColorPresets no longer matches: isBright is not split off (sign-in bundle grows)');
        }
      }
      return helper ? IS_BRIGHT_ID : null;
    },
    load(id) {
      return id === IS_BRIGHT_ID ? helper : null;
    },
  };
}

/** The `isBright` export of antd's ColorPresets.js with its one import, or '' when that changed. */
function extractIsBright(code: string): string {
  const rcColorImport = "import { ColorBlock, Color as RcColor } from '@rc-component/color-picker';";
  const body = /^export const isBright = [\s\S]*?^};$/m.exec(code)?.[0];
  if (!body || !code.includes(rcColorImport)) {
    return '';
  }
  // Every other name of the module (imports, top-level constants) must be unused by the helper.
  const names = [
    ...[...code.matchAll(/^import\s+(.+?)\s+from/gm)].flatMap((m) => m[1].split(/[\s,{}]+/)),
    ...[...code.matchAll(/^const\s+(\w+)/gm)].map((m) => m[1]),
  ].filter((name) => /^\w+$/.test(name) && !['as', 'Color', 'RcColor'].includes(name));
  if (names.some((name) => new RegExp(`\\b${name}\\b`).test(body))) {
    return '';
  }
  return `import { Color as RcColor } from '@rc-component/color-picker';\n${body}\n`;
}

/** Text files worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map|wasm)$/;

/**
 * Issue 13: the server sends the console's JavaScript as it is on disk (@fastify/static with
 * `preCompressed`, apps/server/src/platform/web.ts), so the build writes a brotli (`.br`, quality
 * 11) and a gzip (`.gz`, level 9) copy beside every text file of the output folder, whatever the
 * folder (`npm run build` or `vite build --outDir …`). Compressing once at build time affords the
 * slowest, smallest settings; compressing per request would cost the server's CPU on every visit.
 * A copy that is not smaller than the file is not written (the server then sends the file).
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  let outDir = '';
  return {
    name: 'smartdata:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle(error?: Error) {
      if (error || !outDir) {
        return;
      }
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name) && !entry.parentPath.includes(`${path.sep}.vite`))
        .map((entry) => path.join(entry.parentPath, entry.name));
      let written = 0;
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
                [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
              },
            }),
            gzipAsync(content, { level: 9 }),
          ]);
          for (const [suffix, compressed] of [['.br', br], ['.gz', gz]] as const) {
            if (compressed.length < content.length) {
              await writeFile(file + suffix, compressed);
              written += 1;
            }
          }
        }),
      );
      this.info?.(`precompressed ${written} files (.br, .gz) in ${path.relative(process.cwd(), outDir) || '.'}`);
    },
  };
}

export default defineConfig({
  plugins: [react(), antdIsBrightAlone(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/general': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/general': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: [
          // packages/domain is pure (DESIGN.md §3): a page gets only the domain files it uses,
          // not every module's zod schemas through the package index.
          { test: /[\\/]packages[\\/]domain[\\/]src[\\/]/, sideEffects: false },
          // antd's inputs reach rc-form only for its FormProvider context; the package declares
          // no sideEffects field, so without this the whole form engine lands in the sign-in page.
          { test: /[\\/]node_modules[\\/]@rc-component[\\/]form[\\/]/, sideEffects: false },
          // The same for the colour picker, collapse and input packages: antd's Button and Tag
          // styles import colour helpers that sit beside the ColorPicker and Collapse components,
          // and the Input beside TextArea, so once a console page uses those components their
          // code would otherwise land in the entry chunk the sign-in page loads.
          { test: /[\\/]node_modules[\\/]@rc-component[\\/](color-picker|collapse|input)[\\/]/, sideEffects: false },
        ],
      },
    },
  },
});
