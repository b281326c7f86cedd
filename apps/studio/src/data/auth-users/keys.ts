import type { ListAuthUsersQuery } from '@pgfleet/contracts'

export const authUsersKeys = {
  all: (ref: string | undefined) => ['projects', ref, 'auth-users'] as const,
  list: (ref: string | undefined, query: ListAuthUsersQuery) => [...authUsersKeys.all(ref), 'list', query] as const,
  detail: (ref: string | undefined, id: string) => [...authUsersKeys.all(ref), 'detail', id] as const,
}
