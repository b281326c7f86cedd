import { Outlet } from 'react-router'
import { Logo } from './Logo'
import { UserMenu } from './UserMenu'

/** Layout of the pages outside a project: projects, organizations, account, support. */
export function AppShell() {
  return (
    <div className="min-h-dvh bg-neutral-50">
      <header className="sticky top-0 z-20 border-b border-neutral-200 bg-white">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between px-4 md:px-6">
          <Logo />
          <UserMenu />
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8 md:px-6">
        <Outlet />
      </main>
    </div>
  )
}
