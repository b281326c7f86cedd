import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin, type ProxyOptions } from 'vite'

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

/** Where index.html's inline script lists the table editor's modules; the build writes their URLs there. */
const EDITOR_MODULES_MARKER = '[] /* table editor modules */'
/** The route modules a table editor address renders, below the entry. */
const EDITOR_ROUTE_MODULES = ['src/routes/project-layout.tsx', 'src/routes/project-editor.tsx']

/**
 * Gives index.html the table editor's chunks: the route chunks and every chunk they import that the entry does
 * not already import (those get the entry's own modulepreload links), so a table editor address can fetch and
 * compile them while the entry still loads, instead of after it has run.
 */
function editorModulesPlugin(): Plugin {
  return {
    name: 'pgfleet-editor-modules',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!html.includes(EDITOR_MODULES_MARKER)) throw new Error('index.html lost the table editor modules marker')
        if (!bundle) return html.replace(EDITOR_MODULES_MARKER, '[]')
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk')
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
        const closure = (roots: string[]) => {
          const seen = new Set<string>()
          const visit = (file: string) => {
            if (seen.has(file)) return
            seen.add(file)
            for (const imported of byFile.get(file)?.imports ?? []) visit(imported)
          }
          for (const root of roots) visit(root)
          return seen
        }
        const entry = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName))
        const routes = EDITOR_ROUTE_MODULES.map((module) => {
          const chunk = chunks.find((item) => item.facadeModuleId?.endsWith(module))
          if (!chunk) throw new Error(`no chunk for ${module}`)
          return chunk.fileName
        })
        const files = [...closure(routes)].filter((file) => !entry.has(file))
        return html.replace(EDITOR_MODULES_MARKER, JSON.stringify(files.map((file) => `/${file}`)))
      },
    },
  }
}

export default defineConfig({
  plugins: [react(), tailwindcss(), editorModulesPlugin()],
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
