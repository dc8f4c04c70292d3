import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The dashboard: `vite build web` (or Vite's build() with this file) writes web/dist, which the service serves at /.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  // Vite 8 transforms TS/JSX with oxc: Preact's automatic runtime, no React.
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', reportCompressedSize: false },
  server: { proxy: { '/dashboard/api': 'http://localhost:3000', '/mcp': 'http://localhost:3000' } },
});
