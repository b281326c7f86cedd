import { Outlet, ScrollRestoration } from 'react-router'
import { usePageTitle } from '../lib/use-page-title'

export function RootLayout() {
  usePageTitle()
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  )
}
