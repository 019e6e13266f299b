// The web app is a static bundle the recorder serves at `/`: no CDN, no inline script (the recorder's CSP
// allows scripts and styles from its own origin only), hashed file names so assets can be cached for ever.
// index.html carries a CSP nonce placeholder (a `csp-nonce` meta tag) that the recorder replaces on every
// response: the style elements UI primitives add at run time (the dialogs' scroll lock) carry that nonce.
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // Must match NONCE_PLACEHOLDER in apps/recorder/src/platform/http/web-app.ts.
  html: { cspNonce: 'NVR_CSP_NONCE' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Small assets would otherwise become data: URLs, which the CSP's img-src/font-src would have to allow.
    assetsInlineLimit: 0,
    sourcemap: true,
  },
  server: {
    // `npm run dev -w apps/web`: the API of a recorder running on :8000.
    proxy: {
      '/api': { target: 'http://127.0.0.1:8000', ws: true },
      '/openapi.json': 'http://127.0.0.1:8000',
    },
  },
});
