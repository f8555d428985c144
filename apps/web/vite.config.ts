import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { cssFirst } from './css-first.ts';
import { firstPaint } from './first-paint.ts';
import { precompress } from './precompress.ts';
import { routePreloads } from './route-preloads.ts';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), firstPaint(), cssFirst(), routePreloads(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // pdf.js (~400 kB) is a lazy chunk loaded only when a member previews a report.
    chunkSizeWarningLimit: 450,
    // The server render's bundle (entry-server.tsx, decision 128) needs no copy of public/.
    copyPublicDir: !isSsrBuild,
  },
}));
