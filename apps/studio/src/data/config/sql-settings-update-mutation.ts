import { REQUIRED_VALUE_MESSAGES, type SqlSettings, type UpdateSqlSettingsBody } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { configKeys } from './keys'

export type SqlSettingsUpdateVariables = { ref: string | undefined } & UpdateSqlSettingsBody

export async function updateSqlSettings({ ref, statement_timeout_ms }: SqlSettingsUpdateVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('PATCH /platform/projects/{ref}/settings/sql', { params: { ref }, body: { statement_timeout_ms } })
}

/** Saves the settings and puts the server's answer in the cache, so the form shows what was stored. */
export function useSqlSettingsUpdateMutation(options: MutationOptions<SqlSettings, SqlSettingsUpdateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: updateSqlSettings,
    onSuccess: (settings, variables, ...rest) => {
      queryClient.setQueryData(configKeys.sqlSettings(variables.ref), settings)
      return options.onSuccess?.(settings, variables, ...rest)
    },
  })
}
