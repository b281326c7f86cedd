import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type ProxyOptions } from 'vite'

/** The platform server; in production it serves this SPA itself on the same origin. */
const PLATFORM_URL = 'http://127.0.0.1:8080'

const platformProxy: ProxyOptions = {
  target: PLATFORM_URL,
  configure: (proxy) => {
    // The platform rejects mutations whose Origin is not its own; the dev server is another origin.
    proxy.on('proxyReq', (proxyReq) => {
      if (proxyReq.getHeader('origin')) proxyReq.setHeader('origin', PLATFORM_URL)
    })
  },
}

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
  },
  server: {
    proxy: {
      '/platform': platformProxy,
      '/v1': platformProxy,
      '/api': platformProxy,
    },
  },
})
