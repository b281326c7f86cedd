import {
  Archive,
  Blocks,
  CalendarClock,
  ChartColumn,
  Clock,
  Code,
  Cpu,
  Database,
  Gauge,
  GitBranch,
  HardDrive,
  History,
  House,
  KeyRound,
  Link2,
  Lock,
  type LucideIcon,
  Mail,
  Puzzle,
  Server,
  Settings,
  ShieldCheck,
  SlidersHorizontal,
  SquareTerminal,
  Table2,
  Timer,
  UserRound,
  Users,
  Zap,
} from 'lucide-react'

/** Cmd+I (macOS) or Ctrl+I toggles the assistant panel. */
export const ASSISTANT_SHORTCUT_KEY = 'i'
/** The assistant's toggle, shortcut and panel; the panel says itself when the platform cannot answer. */
export const ASSISTANT_PANEL_ENABLED = true

export const PRODUCT_MENU_DEFAULT_WIDTH_PX = 240
export const PRODUCT_MENU_MIN_WIDTH_PX = 200
/** The product menu never takes more than this share of the layout's width. */
export const PRODUCT_MENU_MAX_WIDTH_RATIO = 0.33

export const ASSISTANT_PANEL_MIN_WIDTH_PX = 400
export const ASSISTANT_PANEL_MAX_WIDTH_PX = 500
/** From this viewport width the assistant panel may grow to 600 px (and starts at 500 px). */
export const VERY_WIDE_SCREEN_MIN_WIDTH_PX = 1920
export const ASSISTANT_PANEL_VERY_WIDE_MIN_WIDTH_PX = 500
export const ASSISTANT_PANEL_VERY_WIDE_MAX_WIDTH_PX = 600

/** The SQL editor panel splits the space with the page: 50/50 by default. */
export const SQL_EDITOR_PANEL_DEFAULT_RATIO = 0.5
export const SQL_EDITOR_PANEL_MIN_WIDTH_PX = 360
export const SQL_EDITOR_PANEL_MAX_RATIO = 0.7

/** Sizes are saved (and the window width re-read) this long after the last change. */
export const RESIZE_DEBOUNCE_MS = 100
/** Keyboard step of a resize handle. */
export const RESIZE_KEYBOARD_STEP_PX = 16

/**
 * Sections whose pages get a resizable product menu: the ones whose menu will hold long lists
 * (snippets, tables, buckets, users, functions, reports). Home, settings and usage keep a fixed menu.
 */
export const RESIZABLE_MENU_SECTIONS: ReadonlySet<string> = new Set([
  'sql',
  'editor',
  'database',
  'storage',
  'auth',
  'functions',
  'reports',
])

export type ProductMenuItem = {
  label: string
  /** relative to /project/{ref}; '' is the project home */
  path: string
  icon: LucideIcon
  /** sub-pages listed while the item's section is open */
  children?: readonly ProductMenuItem[]
}

export type ProductMenuGroup = { label: string; items: readonly ProductMenuItem[] }

export const PRODUCT_MENU: readonly ProductMenuGroup[] = [
  {
    label: 'Project',
    items: [
      { label: 'Home', path: '', icon: House },
      { label: 'Table editor', path: 'editor', icon: Table2 },
      { label: 'SQL editor', path: 'sql', icon: SquareTerminal },
      {
        label: 'Database',
        path: 'database',
        icon: Database,
        children: [
          { label: 'Extensions', path: 'database/extensions', icon: Puzzle },
          { label: 'Backups', path: 'database/backups', icon: Archive },
          { label: 'Scheduled backups', path: 'database/backups/scheduled', icon: CalendarClock },
          { label: 'Point-in-time recovery', path: 'database/backups/pitr', icon: History },
        ],
      },
      { label: 'Storage', path: 'storage', icon: HardDrive },
      {
        label: 'Auth',
        path: 'auth/users',
        icon: Users,
        children: [
          { label: 'Users', path: 'auth/users', icon: UserRound },
          { label: 'Policies', path: 'auth/policies', icon: ShieldCheck },
          { label: 'Providers', path: 'auth/providers', icon: KeyRound },
          { label: 'Email templates', path: 'auth/templates', icon: Mail },
          { label: 'URL configuration', path: 'auth/url-configuration', icon: Link2 },
          { label: 'Rate limits', path: 'auth/rate-limits', icon: Timer },
          { label: 'Sessions', path: 'auth/sessions', icon: Clock },
        ],
      },
      { label: 'Edge Functions', path: 'functions', icon: Zap },
      { label: 'Vault', path: 'vault', icon: Lock },
    ],
  },
  {
    label: 'Manage',
    items: [
      { label: 'Reports', path: 'reports', icon: ChartColumn },
      { label: 'Branches', path: 'branches', icon: GitBranch },
      { label: 'Usage', path: 'usage', icon: Gauge },
      { label: 'Add-ons', path: 'addons', icon: Blocks },
      { label: 'Infrastructure', path: 'infrastructure', icon: Server },
      { label: 'Compute and disk', path: 'compute-and-disk', icon: Cpu },
      {
        label: 'Settings',
        path: 'settings/general',
        icon: Settings,
        children: [
          { label: 'General', path: 'settings/general', icon: SlidersHorizontal },
          { label: 'API', path: 'settings/api', icon: Code },
          { label: 'Database', path: 'settings/database', icon: Database },
          { label: 'Infrastructure', path: 'settings/infrastructure', icon: Server },
          { label: 'Add-ons', path: 'settings/addons', icon: Blocks },
          { label: 'Compute and disk', path: 'settings/compute-and-disk', icon: Cpu },
        ],
      },
    ],
  },
]

export const OPEN_MENU_LABEL = 'Open menu'
export const PRODUCT_MENU_LABEL = 'Product menu'
export const RESIZE_MENU_LABEL = 'Resize menu'
export const RESIZE_PANEL_LABEL = 'Resize panel'
export const CLOSE_PANEL_LABEL = 'Close panel'
export const ASSISTANT_TOGGLE_LABEL = 'Assistant'
export const SQL_EDITOR_TOGGLE_LABEL = 'SQL panel'

export const RIGHT_PANEL_TITLES = {
  assistant: 'AI assistant',
  'sql-editor': 'SQL editor',
} as const

export const PROJECT_NOT_FOUND_TITLE = 'Project not found'
export const PROJECT_NOT_FOUND_DESCRIPTION = (ref: string) =>
  `There is no project "${ref}" in your organizations, or you no longer have access to it.`
export const PROJECT_LOAD_FAILED_TITLE = 'Failed to load the project'

/** Texts of the "Setting up" screen. */
export const SETTING_UP_TITLE = 'Setting up project'
export const SETTING_UP_DESCRIPTION =
  'We are creating your database. This page updates by itself as soon as the project is ready.'
export const SETTING_UP_UNKNOWN_DESCRIPTION =
  'The status of this project is not known yet. This page updates by itself as soon as it is.'
export const SETTING_UP_POLL_INTERVAL_MS = 4000
/** After this long on the setting-up screen, suggest contacting support. */
export const SETTING_UP_SUPPORT_ADVICE_AFTER_MS = 2 * 60_000
export const SETTING_UP_SUPPORT_ADVICE =
  'This is taking longer than usual. If the project is not ready in a few more minutes, contact support.'
export const SETTING_UP_SUPPORT_CATEGORY = 'Database_unresponsive'
export const CONTACT_SUPPORT_LABEL = 'Contact support'
export const CLIENT_LIBRARIES_TITLE = 'Client libraries'
export const CLIENT_LIBRARIES = ['JavaScript', 'Flutter', 'Python', 'C#', 'Swift', 'Kotlin'] as const
export const EXAMPLE_PROJECTS_TITLE = 'Example projects'
export const EXAMPLE_PROJECTS_URL = 'https://github.com/supabase/supabase/tree/master/examples'
/** The analytics event a click on an example project card records (its title as the payload). */
export const EXAMPLE_PROJECT_CARD_CLICKED = 'example_project_card_clicked'

export const EXAMPLE_PROJECTS = [
  { title: 'Todo list', description: 'A to-do app with row-level security, in Next.js.' },
  { title: 'User management', description: 'Sign up, sign in and profile pictures with auth and storage.' },
  { title: 'Realtime chat', description: 'A chat room that updates as messages arrive.' },
  { title: 'Edge function webhook', description: 'Handle a webhook in an edge function and write to the database.' },
] as const

/**
 * Pages that stay usable while the project's REST service is offline: from the general settings a project
 * whose API does not come back can still be restarted, paused or deleted.
 */
export const CONNECTING_EXEMPT_SUBPATHS: ReadonlySet<string> = new Set(['settings/general'])
