import { defineConfig } from 'vite';

/**
 * The embeddable chat widget: one small script, no framework, built after the SPA (whose build
 * empties web/dist) into web/dist/widget.js, which both shapes serve from the product's host.
 */
export default defineConfig({
  root: import.meta.dirname,
  publicDir: false,
  build: {
    outDir: '../dist',
    emptyOutDir: false,
    copyPublicDir: false,
    reportCompressedSize: true,
    lib: {
      entry: 'src/main.ts',
      formats: ['iife'],
      name: 'ChatWidget',
      fileName: () => 'widget.js',
    },
  },
});
