import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { loginRouteSize } from './scripts/login-route-size.ts';

const contracts = fileURLToPath(new URL('../../libs/contracts/src/index.ts', import.meta.url));

export default defineConfig({
  plugins: [
    react(),
    loginRouteSize({ loginModuleSuffix: 'src/features/auth/routes/login-page.tsx', budgetKb: 270 }),
  ],
  resolve: { alias: { '@kb/contracts': contracts } },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: { port: 4173 },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      treeshake: {
        // libs/contracts holds constants next to zod schemas built at module level: importing a constant must
        // not drag every schema (and zod) into the login route.
        moduleSideEffects: [{ test: /libs[\\/]contracts[\\/]src/, sideEffects: false }],
        manualPureFunctions: ['z'],
      },
    },
  },
});
