import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react'
import { Navigate, type RouteObject } from 'react-router'
import { AppShell } from '../components/interfaces/AppShell/AppShell'
import { RequireAuth } from '../components/interfaces/AppShell/RequireAuth'
import { NOT_FOUND_TITLE } from '../components/interfaces/NotFound/not-found.constants'
import { RouteErrorBoundary } from '../components/ui/ErrorBoundary'
import { PageSkeleton } from '../components/ui/Skeleton'
import type { RouteHandle } from '../lib/route-handle'
import { type PageCode, PreloadablePage, projectEditorCode, projectLayoutCode } from './preloadable-pages'
import { RootError } from './root-error'
import { RootLayout } from './root-layout'

/** Page titles (the first part of the browser title). */
export const PAGE_TITLES = {
  signIn: 'Sign in',
  signUp: 'Sign up',
  projects: 'Projects',
  newProject: 'New project',
  organizationGeneral: 'Organization settings',
  organizationBilling: 'Billing',
  support: 'Support',
  accessTokens: 'Access tokens',
  projectHome: 'Home',
  generalSettings: 'General settings',
  computeAndDisk: 'Compute and disk',
  backups: 'Backups',
  scheduledBackups: 'Scheduled backups',
  pointInTimeRecovery: 'Point-in-time recovery',
  addons: 'Add-ons',
  branches: 'Branches',
  sqlEditor: 'SQL editor',
  tableEditor: 'Table editor',
  reports: 'Reports',
  report: 'Report',
  database: 'Database',
  databaseExtensions: 'Extensions',
  apiSettings: 'API settings',
  databaseSettings: 'Database settings',
  edgeFunctions: 'Edge Functions',
  edgeFunctionDetails: 'Edge function details',
  authUsers: 'Users',
  authPolicies: 'Policies',
  authProviders: 'Auth providers',
  authTemplates: 'Email templates',
  authUrlConfiguration: 'URL configuration',
  authRateLimits: 'Rate limits',
  authSessions: 'Auth sessions',
  vault: 'Vault',
  infrastructure: 'Infrastructure',
  usage: 'Usage',
  storage: 'Storage',
  storageBucket: 'Storage bucket',
  notFound: NOT_FOUND_TITLE,
} as const

/** Every page is its own chunk, behind its own error boundary. */
function page(Component: LazyExoticComponent<ComponentType>) {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageSkeleton />}>
        <Component />
      </Suspense>
    </RouteErrorBoundary>
  )
}

/** A page whose code may already have been asked for as the app started (see table-editor-preload). */
function preloadablePage(code: PageCode) {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageSkeleton />}>
        <PreloadablePage code={code} />
      </Suspense>
    </RouteErrorBoundary>
  )
}

const IndexRedirect = lazy(() => import('./index-redirect'))
const SignIn = lazy(() => import('./sign-in'))
const SignUp = lazy(() => import('./sign-up'))
const Projects = lazy(() => import('./projects'))
const NewProject = lazy(() => import('./new-project'))
const OrganizationLayout = lazy(() => import('./org-layout'))
const OrganizationGeneral = lazy(() => import('./org-general'))
const OrganizationBilling = lazy(() => import('./org-billing'))
const SupportNew = lazy(() => import('./support-new'))
const AccountTokens = lazy(() => import('./account-tokens'))
const ProjectHome = lazy(() => import('./project-home'))
const ProjectSettingsGeneral = lazy(() => import('./project-settings-general'))
const ProjectComputeAndDisk = lazy(() => import('./project-compute-and-disk'))
const ProjectBackups = lazy(() => import('./project-backups'))
const ProjectScheduledBackups = lazy(() => import('./project-scheduled-backups'))
const ProjectPitr = lazy(() => import('./project-pitr'))
const ProjectAddons = lazy(() => import('./project-addons'))
const ProjectBranches = lazy(() => import('./project-branches'))
const ProjectSql = lazy(() => import('./project-sql'))
const ProjectReports = lazy(() => import('./project-reports'))
const ProjectReport = lazy(() => import('./project-report'))
const ProjectDatabase = lazy(() => import('./project-database'))
const ProjectDatabaseExtensions = lazy(() => import('./project-database-extensions'))
const ProjectSettingsApi = lazy(() => import('./project-settings-api'))
const ProjectSettingsDatabase = lazy(() => import('./project-settings-database'))
const ProjectAuthUsers = lazy(() => import('./project-auth-users'))
const ProjectAuthPolicies = lazy(() => import('./project-auth-policies'))
const ProjectAuthProviders = lazy(() => import('./project-auth-providers'))
const ProjectAuthTemplates = lazy(() => import('./project-auth-templates'))
const ProjectAuthUrlConfiguration = lazy(() => import('./project-auth-url-configuration'))
const ProjectAuthRateLimits = lazy(() => import('./project-auth-rate-limits'))
const ProjectAuthSessions = lazy(() => import('./project-auth-sessions'))
const ProjectVault = lazy(() => import('./project-vault'))
const ProjectInfrastructure = lazy(() => import('./project-infrastructure'))
const ProjectUsage = lazy(() => import('./project-usage'))
const ProjectStorage = lazy(() => import('./project-storage'))
const ProjectStorageBucket = lazy(() => import('./project-storage-bucket'))
const ProjectFunctions = lazy(() => import('./project-functions'))
const ProjectFunctionDetails = lazy(() => import('./project-function-details'))
const NotFound = lazy(() => import('./not-found'))

const notFoundRoute: RouteObject = {
  path: '*',
  handle: { title: PAGE_TITLES.notFound } satisfies RouteHandle,
  element: page(NotFound),
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RootError />,
    children: [
      { index: true, element: page(IndexRedirect) },
      { path: 'sign-in', handle: { title: PAGE_TITLES.signIn } satisfies RouteHandle, element: page(SignIn) },
      { path: 'sign-up', handle: { title: PAGE_TITLES.signUp } satisfies RouteHandle, element: page(SignUp) },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppShell />,
            children: [
              {
                path: 'projects',
                handle: { title: PAGE_TITLES.projects } satisfies RouteHandle,
                element: page(Projects),
              },
              {
                path: 'new',
                handle: { title: PAGE_TITLES.newProject } satisfies RouteHandle,
                element: page(NewProject),
              },
              {
                path: 'new/:slug',
                handle: { title: PAGE_TITLES.newProject } satisfies RouteHandle,
                element: page(NewProject),
              },
              {
                path: 'org/:slug',
                element: page(OrganizationLayout),
                children: [
                  { index: true, element: <Navigate to="general" replace /> },
                  {
                    path: 'general',
                    handle: { title: PAGE_TITLES.organizationGeneral } satisfies RouteHandle,
                    element: page(OrganizationGeneral),
                  },
                  {
                    path: 'billing',
                    handle: { title: PAGE_TITLES.organizationBilling } satisfies RouteHandle,
                    element: page(OrganizationBilling),
                  },
                  notFoundRoute,
                ],
              },
              {
                path: 'support/new',
                handle: { title: PAGE_TITLES.support } satisfies RouteHandle,
                element: page(SupportNew),
              },
              {
                path: 'account/tokens',
                handle: { title: PAGE_TITLES.accessTokens } satisfies RouteHandle,
                element: page(AccountTokens),
              },
              { path: 'account', element: <Navigate to="/account/tokens" replace /> },
            ],
          },
          {
            path: 'project/:ref',
            element: preloadablePage(projectLayoutCode),
            children: [
              {
                index: true,
                handle: { title: PAGE_TITLES.projectHome } satisfies RouteHandle,
                element: page(ProjectHome),
              },
              { path: 'settings', element: <Navigate to="general" replace /> },
              {
                path: 'settings/general',
                handle: { title: PAGE_TITLES.generalSettings } satisfies RouteHandle,
                element: page(ProjectSettingsGeneral),
              },
              {
                path: 'compute-and-disk',
                handle: { title: PAGE_TITLES.computeAndDisk } satisfies RouteHandle,
                element: page(ProjectComputeAndDisk),
              },
              {
                path: 'settings/compute-and-disk',
                handle: { title: PAGE_TITLES.computeAndDisk } satisfies RouteHandle,
                element: page(ProjectComputeAndDisk),
              },
              {
                path: 'database/backups',
                handle: { title: PAGE_TITLES.backups } satisfies RouteHandle,
                element: page(ProjectBackups),
              },
              {
                path: 'database/backups/scheduled',
                handle: { title: PAGE_TITLES.scheduledBackups } satisfies RouteHandle,
                element: page(ProjectScheduledBackups),
              },
              {
                path: 'database/backups/pitr',
                handle: { title: PAGE_TITLES.pointInTimeRecovery } satisfies RouteHandle,
                element: page(ProjectPitr),
              },
              {
                path: 'addons',
                handle: { title: PAGE_TITLES.addons } satisfies RouteHandle,
                element: page(ProjectAddons),
              },
              {
                path: 'branches',
                handle: { title: PAGE_TITLES.branches } satisfies RouteHandle,
                element: page(ProjectBranches),
              },
              {
                path: 'settings/addons',
                handle: { title: PAGE_TITLES.addons } satisfies RouteHandle,
                element: page(ProjectAddons),
              },
              {
                path: 'editor',
                handle: { title: PAGE_TITLES.tableEditor } satisfies RouteHandle,
                element: preloadablePage(projectEditorCode),
              },
              {
                path: 'editor/:tableId',
                handle: { title: PAGE_TITLES.tableEditor } satisfies RouteHandle,
                element: preloadablePage(projectEditorCode),
              },
              {
                path: 'sql',
                handle: { title: PAGE_TITLES.sqlEditor } satisfies RouteHandle,
                element: page(ProjectSql),
              },
              {
                path: 'sql/:id',
                handle: { title: PAGE_TITLES.sqlEditor } satisfies RouteHandle,
                element: page(ProjectSql),
              },
              {
                path: 'reports',
                handle: { title: PAGE_TITLES.reports } satisfies RouteHandle,
                element: page(ProjectReports),
              },
              {
                path: 'reports/:id',
                handle: { title: PAGE_TITLES.report } satisfies RouteHandle,
                element: page(ProjectReport),
              },
              {
                path: 'database',
                handle: { title: PAGE_TITLES.database } satisfies RouteHandle,
                element: page(ProjectDatabase),
              },
              {
                path: 'database/extensions',
                handle: { title: PAGE_TITLES.databaseExtensions } satisfies RouteHandle,
                element: page(ProjectDatabaseExtensions),
              },
              {
                path: 'settings/api',
                handle: { title: PAGE_TITLES.apiSettings } satisfies RouteHandle,
                element: page(ProjectSettingsApi),
              },
              {
                path: 'settings/database',
                handle: { title: PAGE_TITLES.databaseSettings } satisfies RouteHandle,
                element: page(ProjectSettingsDatabase),
              },
              { path: 'auth', element: <Navigate to="users" replace /> },
              {
                path: 'auth/users',
                handle: { title: PAGE_TITLES.authUsers } satisfies RouteHandle,
                element: page(ProjectAuthUsers),
              },
              {
                path: 'auth/policies',
                handle: { title: PAGE_TITLES.authPolicies } satisfies RouteHandle,
                element: page(ProjectAuthPolicies),
              },
              {
                path: 'auth/providers',
                handle: { title: PAGE_TITLES.authProviders } satisfies RouteHandle,
                element: page(ProjectAuthProviders),
              },
              {
                path: 'auth/templates',
                handle: { title: PAGE_TITLES.authTemplates } satisfies RouteHandle,
                element: page(ProjectAuthTemplates),
              },
              {
                path: 'auth/url-configuration',
                handle: { title: PAGE_TITLES.authUrlConfiguration } satisfies RouteHandle,
                element: page(ProjectAuthUrlConfiguration),
              },
              {
                path: 'auth/rate-limits',
                handle: { title: PAGE_TITLES.authRateLimits } satisfies RouteHandle,
                element: page(ProjectAuthRateLimits),
              },
              {
                path: 'auth/sessions',
                handle: { title: PAGE_TITLES.authSessions } satisfies RouteHandle,
                element: page(ProjectAuthSessions),
              },
              {
                path: 'vault',
                handle: { title: PAGE_TITLES.vault } satisfies RouteHandle,
                element: page(ProjectVault),
              },
              {
                path: 'infrastructure',
                handle: { title: PAGE_TITLES.infrastructure } satisfies RouteHandle,
                element: page(ProjectInfrastructure),
              },
              {
                path: 'usage',
                handle: { title: PAGE_TITLES.usage } satisfies RouteHandle,
                element: page(ProjectUsage),
              },
              {
                path: 'settings/infrastructure',
                handle: { title: PAGE_TITLES.infrastructure } satisfies RouteHandle,
                element: page(ProjectInfrastructure),
              },
              {
                path: 'storage',
                handle: { title: PAGE_TITLES.storage } satisfies RouteHandle,
                element: page(ProjectStorage),
              },
              {
                path: 'storage/buckets',
                handle: { title: PAGE_TITLES.storage } satisfies RouteHandle,
                element: page(ProjectStorage),
              },
              {
                path: 'storage/buckets/:id',
                handle: { title: PAGE_TITLES.storageBucket } satisfies RouteHandle,
                element: page(ProjectStorageBucket),
              },
              {
                path: 'functions',
                handle: { title: PAGE_TITLES.edgeFunctions } satisfies RouteHandle,
                element: page(ProjectFunctions),
              },
              {
                path: 'functions/:name/details',
                handle: { title: PAGE_TITLES.edgeFunctionDetails } satisfies RouteHandle,
                element: page(ProjectFunctionDetails),
              },
              notFoundRoute,
            ],
          },
        ],
      },
      notFoundRoute,
    ],
  },
]
