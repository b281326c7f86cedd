import { lazy, Suspense, useState } from 'react'
import { Button } from '../../ui/Button'
import { API_DOCS_BUTTON_LABEL } from './api-docs.constants'

// the modal (snippets, description parsing) is its own chunk, loaded when first opened
const APIDocsModal = lazy(() => import('./APIDocsModal'))

export function APIDocsButton({ projectRef }: { projectRef: string }) {
  const [open, setOpen] = useState(false)
  const [loaded, setLoaded] = useState(false)
  return (
    <>
      <Button
        size="sm"
        onClick={() => {
          setLoaded(true)
          setOpen(true)
        }}
        data-testid="api-docs-button"
      >
        {API_DOCS_BUTTON_LABEL}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <APIDocsModal projectRef={projectRef} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  )
}
