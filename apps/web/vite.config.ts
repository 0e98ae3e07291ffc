import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The API server in development (DESIGN.md §4: one process on PORT 8080). */
const apiTarget = process.env.SMARTDATA_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
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
