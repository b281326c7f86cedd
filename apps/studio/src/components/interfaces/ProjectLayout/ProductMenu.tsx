import { Link } from 'react-router'
import { cn } from '../../../lib/cn'
import { PRODUCT_MENU, type ProductMenuItem } from './project-layout.constants'

function isActive(item: ProductMenuItem, subpath: string) {
  if (item.path === '') return subpath === ''
  return subpath === item.path || subpath.startsWith(`${item.path}/`)
}

/** The section an item belongs to ('settings' for 'settings/general'), used to open its sub-pages. */
function sectionOf(item: ProductMenuItem) {
  return item.path.split('/')[0] ?? ''
}

function testIdOf(path: string) {
  return `product-menu-${path.replaceAll('/', '-') || 'home'}`
}

function MenuLink({
  projectRef,
  item,
  active,
  nested,
  onNavigate,
}: {
  projectRef: string
  item: ProductMenuItem
  active: boolean
  nested?: boolean
  onNavigate?: () => void
}) {
  return (
    <Link
      to={item.path ? `/project/${projectRef}/${item.path}` : `/project/${projectRef}`}
      aria-current={active ? 'page' : undefined}
      data-testid={testIdOf(item.path)}
      onClick={onNavigate}
      className={cn(
        'flex items-center gap-2 rounded-md px-2.5 py-1.5 text-sm transition-colors',
        nested && 'pl-5 text-[13px]',
        active
          ? 'bg-neutral-200/70 font-medium text-neutral-900'
          : 'text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900',
      )}
    >
      <item.icon
        aria-hidden="true"
        data-testid="product-menu-icon"
        className={cn('shrink-0', nested ? 'size-3.5' : 'size-4')}
      />
      <span className="truncate">{item.label}</span>
    </Link>
  )
}

export function ProductMenu({
  projectRef,
  subpath,
  onNavigate,
}: {
  projectRef: string
  subpath: string
  /** called after a link is followed (the mobile menu closes itself) */
  onNavigate?: () => void
}) {
  const currentSection = subpath.split('/')[0] ?? ''
  return (
    <div className="space-y-5 px-3 py-4">
      {PRODUCT_MENU.map((group) => (
        <div key={group.label}>
          <p className="px-2.5 pb-1 text-xs font-medium tracking-wide text-neutral-500 uppercase">{group.label}</p>
          <ul className="space-y-0.5">
            {group.items.map((item) => {
              const sectionOpen = item.children && sectionOf(item) === currentSection
              return (
                <li key={item.path}>
                  <MenuLink
                    projectRef={projectRef}
                    item={item}
                    active={
                      sectionOpen
                        ? subpath === item.path && !item.children?.some((child) => child.path === subpath)
                        : isActive(item, subpath)
                    }
                    onNavigate={onNavigate}
                  />
                  {sectionOpen && item.children && (
                    <ul className="mt-0.5 space-y-0.5">
                      {item.children.map((child) => (
                        <li key={child.path}>
                          <MenuLink
                            projectRef={projectRef}
                            item={child}
                            active={subpath === child.path}
                            nested
                            onNavigate={onNavigate}
                          />
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              )
            })}
          </ul>
        </div>
      ))}
    </div>
  )
}
