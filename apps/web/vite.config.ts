import react from '@vitejs/plugin-react';
import { loadEnv } from 'vite';
import { defineConfig } from 'vitest/config';

// The dev server forwards API calls and the socket to the Parapet server, so the console is
// served from one origin in development just as it is in production (cookies stay first-party).
export default defineConfig(({ mode }) => {
  // loadEnv with an empty prefix also sees the shell environment (API_TARGET=... npm run dev).
  const env = loadEnv(mode, import.meta.dirname, '');
  const target = env.API_TARGET ?? 'http://localhost:8080';
  return {
    plugins: [react()],
    build: { outDir: 'dist', emptyOutDir: true },
    server: {
      proxy: {
        '/api': { target, changeOrigin: true },
        '/socket.io': { target, changeOrigin: true, ws: true },
      },
    },
    test: {
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
    },
  };
});
