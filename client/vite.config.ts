import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite-plugins/precompress.js';
import { shellPrecache } from './vite-plugins/shell-precache.js';

const root = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: root('.'),
  plugins: [react(), shellPrecache(), precompress()],
  resolve: { alias: { '@shared': root('../shared/src') } },
  build: { outDir: root('../dist/client'), emptyOutDir: true, sourcemap: false, target: 'es2022' },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
      '/dev': 'http://localhost:3000',
      '/socket.io': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
