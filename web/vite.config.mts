import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API the dev server forwards to (npm run dev:web): a running `npm start` on PORT (default 3000).
const api = `http://127.0.0.1:${process.env.PORT ?? '3000'}`;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets', // hashed names; the server serves /assets/* as immutable
    sourcemap: false,
    target: 'es2022',
    // No inline <script> and no data: URLs for scripts: the CSP allows script-src 'self' only.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
  },
  server: {
    port: 5173,
    proxy: { '/graphql': api, '/trpc': api, '/v1': api, '/about': api, '/cases': api, '/portal/invite': api },
  },
});
