import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server's renderer of the first view (src/entry-server.tsx, docs/server-render.md): one
// Node module with its libraries inside, so the server needs nothing of the console's packages.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': `${import.meta.dirname}/src` } },
  ssr: { noExternal: true },
  // React, Ant Design and the rest check NODE_ENV at run time: the server runs their production code.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    rolldownOptions: { output: { codeSplitting: false } },
  },
});
