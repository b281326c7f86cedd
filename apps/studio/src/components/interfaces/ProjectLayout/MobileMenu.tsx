import * as RadixDialog from '@radix-ui/react-dialog'
import { useAppPanelsStore } from '../../../state/app-panels-store'
import { ProductMenu } from './ProductMenu'
import { PRODUCT_MENU_LABEL } from './project-layout.constants'

/** The product menu as a drawer, for screens below the md breakpoint. */
export function MobileMenu({
  projectRef,
  subpath,
  projectName,
}: {
  projectRef: string
  subpath: string
  projectName?: string
}) {
  const open = useAppPanelsStore((state) => state.mobileMenuOpen)
  const setOpen = useAppPanelsStore((state) => state.setMobileMenuOpen)
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-neutral-950/40 md:hidden" />
        <RadixDialog.Content
          aria-describedby={undefined}
          data-testid="mobile-menu"
          className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto bg-white shadow-xl focus:outline-none md:hidden"
        >
          <div className="flex items-center justify-between border-b border-neutral-200 px-4 py-3">
            <RadixDialog.Title className="truncate text-sm font-semibold text-neutral-900">
              {projectName ?? PRODUCT_MENU_LABEL}
            </RadixDialog.Title>
            <RadixDialog.Close aria-label="Close menu" className="rounded p-1 text-neutral-500 hover:bg-neutral-100">
              <span aria-hidden="true">×</span>
            </RadixDialog.Close>
          </div>
          <nav aria-label={PRODUCT_MENU_LABEL}>
            <ProductMenu projectRef={projectRef} subpath={subpath} onNavigate={() => setOpen(false)} />
          </nav>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
