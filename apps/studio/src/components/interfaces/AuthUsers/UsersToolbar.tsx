import type { AuthUserFilter, AuthUserSortColumn, AuthUserSortOrder } from '@pgfleet/contracts'
import { AUTH_USER_SEARCH_MAX_LENGTH } from '@pgfleet/contracts'
import { Button } from '../../ui/Button'
import { Input } from '../../ui/Input'
import { Select } from '../../ui/Select'
import {
  ALL_PROVIDERS,
  FILTER_LABEL,
  FILTER_OPTIONS,
  ORDER_LABEL,
  ORDER_OPTIONS,
  PROVIDER_LABEL,
  PROVIDER_OPTIONS,
  REFRESH_LABEL,
  SEARCH_LABEL,
  SEARCH_PLACEHOLDER,
  SORT_LABEL,
  SORT_OPTIONS,
} from './auth-users.constants'

const PROVIDER_SELECT_OPTIONS = [
  { value: '', label: ALL_PROVIDERS },
  ...PROVIDER_OPTIONS.map((provider) => ({ value: provider, label: provider })),
]

/** Search, filters and sort of the users list. */
export function UsersToolbar(props: {
  searchText: string
  onSearchTextChange: (text: string) => void
  filter: AuthUserFilter
  onFilterChange: (filter: AuthUserFilter) => void
  provider: string
  onProviderChange: (provider: string) => void
  sort: AuthUserSortColumn
  onSortChange: (sort: AuthUserSortColumn) => void
  order: AuthUserSortOrder
  onOrderChange: (order: AuthUserSortOrder) => void
  onRefresh: () => void
  refreshing: boolean
}) {
  return (
    <div className="flex flex-wrap items-end gap-3" data-testid="users-toolbar">
      <Input
        label={SEARCH_LABEL}
        hideLabel
        type="search"
        placeholder={SEARCH_PLACEHOLDER}
        value={props.searchText}
        maxLength={AUTH_USER_SEARCH_MAX_LENGTH}
        onChange={(event) => props.onSearchTextChange(event.target.value)}
        fieldClassName="min-w-64 flex-1"
        data-testid="users-search"
      />
      <Select
        label={FILTER_LABEL}
        hideLabel
        options={FILTER_OPTIONS}
        value={props.filter}
        onChange={(event) => props.onFilterChange(event.target.value as AuthUserFilter)}
        fieldClassName="w-44"
        data-testid="users-filter"
      />
      <Select
        label={PROVIDER_LABEL}
        hideLabel
        options={PROVIDER_SELECT_OPTIONS}
        value={props.provider}
        onChange={(event) => props.onProviderChange(event.target.value)}
        fieldClassName="w-36"
        data-testid="users-provider"
      />
      <Select
        label={SORT_LABEL}
        hideLabel
        options={SORT_OPTIONS}
        value={props.sort}
        onChange={(event) => props.onSortChange(event.target.value as AuthUserSortColumn)}
        fieldClassName="w-36"
        data-testid="users-sort"
      />
      <Select
        label={ORDER_LABEL}
        hideLabel
        options={ORDER_OPTIONS}
        value={props.order}
        onChange={(event) => props.onOrderChange(event.target.value as AuthUserSortOrder)}
        fieldClassName="w-36"
        data-testid="users-order"
      />
      <Button onClick={props.onRefresh} loading={props.refreshing} data-testid="users-refresh">
        {REFRESH_LABEL}
      </Button>
    </div>
  )
}
