import { QueryPerformanceReport } from '../query-performance'
import { ProjectDisk, ProjectOverview, ProjectResourceWarnings, ProjectUsage, UpdateDiskBody } from '../resources'
import type { RouteDefinition } from './define'

export const resourceApiRoutes = {
  'GET /platform/projects/{ref}/overview': {
    method: 'GET',
    path: '/platform/projects/{ref}/overview',
    params: ['ref'],
    response: ProjectOverview,
    description:
      "The project home's figures: database size and client connections (live), data API requests and function invocations in the last hour, storage used",
  },
  'GET /platform/projects/{ref}/reports/query-performance': {
    method: 'GET',
    path: '/platform/projects/{ref}/reports/query-performance',
    params: ['ref'],
    response: QueryPerformanceReport,
    description:
      "The database's slowest and most frequent statements from pg_stat_statements (enabled: false until the extension is on)",
  },
  'GET /platform/projects-resource-warnings': {
    method: 'GET',
    path: '/platform/projects-resource-warnings',
    params: [],
    response: ProjectResourceWarnings,
    description:
      "Resource warnings of the caller's projects (read-only mode and a level for each kind of exhaustion), from the latest samples",
  },
  'GET /platform/projects/{ref}/disk': {
    method: 'GET',
    path: '/platform/projects/{ref}/disk',
    params: ['ref'],
    response: ProjectDisk,
    description: "The project's disk size and what the latest sample found on it",
  },
  'PATCH /platform/projects/{ref}/disk': {
    method: 'PATCH',
    path: '/platform/projects/{ref}/disk',
    params: ['ref'],
    body: UpdateDiskBody,
    response: ProjectDisk,
    description: "Changes the project's disk size (up to 200 GB); the project is sampled again at once",
  },
  'GET /platform/projects/{ref}/usage': {
    method: 'GET',
    path: '/platform/projects/{ref}/usage',
    params: ['ref'],
    response: ProjectUsage,
    description: 'Database, storage, function and data API usage, and CPU and memory over the last 7 days',
  },
} as const satisfies Record<string, RouteDefinition>
