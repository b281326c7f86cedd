import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { Toaster } from 'sonner'
import { TooltipProvider } from './components/ui/Tooltip'
import { setUnauthorizedHandler } from './data/fetcher'
import { createQueryClient } from './data/query-client'
import { routes } from './routes/router'
import { preloadTableEditor } from './routes/table-editor-preload'
import './styles.css'

const queryClient = createQueryClient()
const router = createBrowserRouter(routes)

// An expired session: go to sign-in, then drop everything cached for it.
setUnauthorizedHandler(() => {
  if (router.state.location.pathname === '/sign-in') return
  void router.navigate('/sign-in').then(() => queryClient.clear())
})

const editorReady = preloadTableEditor(window.location.pathname, queryClient)

const rootElement = document.getElementById('root')
if (!rootElement) throw new Error('index.html has no #root element')
const root = createRoot(rootElement)

const render = () =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider delayDuration={200}>
          <RouterProvider router={router} />
        </TooltipProvider>
        {/* bottom-right: at the top the toasts covered the header's controls (API docs, panels, account menu) */}
        <Toaster position="bottom-right" richColors closeButton />
      </QueryClientProvider>
    </StrictMode>,
  )

// A table editor address renders once its code and first data are in (index.html asked for both before this
// code ran), in one pass. Rendered sooner, the page would suspend and commit skeletons, reveal itself only after
// React's pause for suspended content, then render and lay out again for the rows.
if (editorReady) void editorReady.then(render)
else render()
