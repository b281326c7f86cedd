import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react'

/**
 * A page whose code can be asked for before it is rendered. Once the code is there the page renders at once,
 * where a plain lazy component would still suspend for a moment and then wait out React's pause before it
 * reveals a Suspense boundary's content (about 300 ms for each nested page).
 */
export interface PageCode {
  loaded?: ComponentType
  lazy: LazyExoticComponent<ComponentType>
  preload: () => Promise<unknown>
}

function pageCode(load: () => Promise<{ default: ComponentType }>): PageCode {
  let loading: Promise<{ default: ComponentType }> | undefined
  const code: PageCode = {
    preload: () => {
      loading ??= load().then(
        (module) => {
          code.loaded = module.default
          return module
        },
        (error: unknown) => {
          // a chunk that failed to load is asked for again on the next try
          loading = undefined
          throw error
        },
      )
      return loading
    },
    lazy: lazy(() => code.preload() as Promise<{ default: ComponentType }>),
  }
  return code
}

/** Renders the page's code, suspending only while it is still on its way. */
export function PreloadablePage({ code }: { code: PageCode }) {
  return createElement(code.loaded ?? code.lazy)
}

export const projectLayoutCode = pageCode(() => import('./project-layout'))
export const projectEditorCode = pageCode(() => import('./project-editor'))
