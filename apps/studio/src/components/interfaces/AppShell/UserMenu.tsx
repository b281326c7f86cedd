import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { useLogoutMutation } from '../../../data/auth/logout-mutation'
import { getErrorMessage, isApiError } from '../../../data/fetcher'
import { useProfileQuery } from '../../../data/profile/profile-query'
import {
  ACCESS_TOKENS_LINK_LABEL,
  ACCOUNT_MENU_LABEL,
  ALL_PROJECTS_LINK_LABEL,
  SIGN_OUT_FAILED,
  SIGN_OUT_LABEL,
  SIGNED_IN_AS_LABEL,
  SUPPORT_LINK_LABEL,
} from './app-shell.constants'

const itemClassName = 'block w-full rounded-md px-2.5 py-1.5 text-left text-sm text-neutral-700 hover:bg-neutral-100'

/** The account button and its drop-down (a disclosure: plain links and buttons, Escape closes it). */
export function UserMenu() {
  const [open, setOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const menuId = useId()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { data: profile } = useProfileQuery()

  const leave = async () => {
    await navigate('/sign-in')
    // After leaving, so the signed-in pages do not refetch (and fail) on the way out.
    queryClient.clear()
  }

  const logout = useLogoutMutation({
    onSuccess: () => void leave(),
    onError: (error) => {
      if (isApiError(error) && error.status === 401) void leave()
      else toast.error(SIGN_OUT_FAILED(getErrorMessage(error)))
    },
  })

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the menu whenever the page changes
  useEffect(() => setOpen(false), [pathname])

  useEffect(() => {
    if (!open) return
    const handlePointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false)
    }
    document.addEventListener('pointerdown', handlePointerDown)
    document.addEventListener('keydown', handleKeyDown)
    return () => {
      document.removeEventListener('pointerdown', handlePointerDown)
      document.removeEventListener('keydown', handleKeyDown)
    }
  }, [open])

  const email = profile?.primary_email ?? ''
  const initial = (profile?.first_name || profile?.username || email || '?').charAt(0).toUpperCase()

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-label={ACCOUNT_MENU_LABEL}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        data-testid="account-menu-button"
        className="flex size-8 items-center justify-center rounded-full bg-emerald-600 text-sm font-semibold text-white hover:bg-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
      >
        <span aria-hidden="true">{initial}</span>
      </button>
      {open && (
        <div
          id={menuId}
          data-testid="account-menu"
          className="absolute right-0 z-40 mt-2 w-64 rounded-lg border border-neutral-200 bg-white p-1.5 shadow-lg"
        >
          <div className="border-b border-neutral-100 px-2.5 pt-1 pb-2">
            <p className="text-xs text-neutral-500">{SIGNED_IN_AS_LABEL}</p>
            <p className="truncate text-sm font-medium text-neutral-900" data-testid="account-email">
              {email}
            </p>
          </div>
          <div className="py-1">
            <Link to="/projects" className={itemClassName}>
              {ALL_PROJECTS_LINK_LABEL}
            </Link>
            <Link to="/account/tokens" className={itemClassName}>
              {ACCESS_TOKENS_LINK_LABEL}
            </Link>
            <Link to="/support/new" className={itemClassName}>
              {SUPPORT_LINK_LABEL}
            </Link>
          </div>
          <div className="border-t border-neutral-100 pt-1">
            <button
              type="button"
              onClick={() => logout.mutate()}
              disabled={logout.isPending}
              data-testid="sign-out"
              className={itemClassName}
            >
              {SIGN_OUT_LABEL}
            </button>
          </div>
        </div>
      )}
    </div>
  )
}
