import { PermissionAction, PermissionResource } from '@pgfleet/contracts'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { useFunctionsNetworkMutation } from '../../../data/edge-functions/functions-network-mutation'
import { useFunctionsNetworkQuery } from '../../../data/edge-functions/functions-network-query'
import { getErrorMessage } from '../../../data/fetcher'
import { useProjectDetailQuery } from '../../../data/projects/project-detail-query'
import { useCan } from '../../../lib/use-can'
import { Button } from '../../ui/Button'
import { ErrorState } from '../../ui/ErrorState'
import { Section } from '../../ui/Section'
import { Skeleton } from '../../ui/Skeleton'
import { Textarea } from '../../ui/Textarea'
import {
  LOAD_NETWORK_ACCESS_ERROR,
  NETWORK_ACCESS_DESCRIPTION,
  NETWORK_ACCESS_FAILED,
  NETWORK_ACCESS_LABEL,
  NETWORK_ACCESS_READ_ONLY,
  NETWORK_ACCESS_SAVE,
  NETWORK_ACCESS_SAVED,
  NETWORK_ACCESS_TITLE,
} from './edge-functions.constants'
import { parseAllowList } from './edge-functions.utils'

/** What the project's functions may reach beyond the internet: the allow-list of private addresses and names. */
export function NetworkAccessSection({ projectRef }: { projectRef: string | undefined }) {
  const network = useFunctionsNetworkQuery({ ref: projectRef })
  const project = useProjectDetailQuery({ ref: projectRef })
  const { can: canWrite } = useCan(PermissionAction.FUNCTIONS_WRITE, PermissionResource.EDGE_FUNCTIONS, {
    orgSlug: project.data?.organization_slug,
  })
  const [text, setText] = useState('')
  useEffect(() => {
    if (network.data) setText(network.data.allow.join('\n'))
  }, [network.data])
  const save = useFunctionsNetworkMutation({
    onSuccess: () => void toast.success(NETWORK_ACCESS_SAVED),
    onError: (error) => void toast.error(NETWORK_ACCESS_FAILED(getErrorMessage(error))),
  })

  let body: React.ReactNode
  if (network.isPending) body = <Skeleton className="h-24 w-full" />
  else if (network.isError) {
    body = (
      <ErrorState
        title={LOAD_NETWORK_ACCESS_ERROR}
        error={network.error}
        onRetry={() => void network.refetch()}
        retrying={network.isFetching}
      />
    )
  } else {
    body = (
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault()
          save.mutate({ ref: projectRef, allow: parseAllowList(text) })
        }}
      >
        <Textarea
          label={NETWORK_ACCESS_LABEL}
          rows={4}
          value={text}
          onChange={(event) => setText(event.target.value)}
          disabled={!canWrite}
          placeholder={'10.0.0.5\n10.1.0.0/24'}
          className="font-mono"
          data-testid="network-access-input"
        />
        {canWrite ? (
          <Button type="submit" variant="primary" loading={save.isPending} data-testid="network-access-save">
            {NETWORK_ACCESS_SAVE}
          </Button>
        ) : (
          <p className="text-sm text-neutral-600">{NETWORK_ACCESS_READ_ONLY}</p>
        )}
      </form>
    )
  }
  return (
    <Section
      titleId="network-access-title"
      title={NETWORK_ACCESS_TITLE}
      description={NETWORK_ACCESS_DESCRIPTION}
      data-testid="network-access"
    >
      {body}
    </Section>
  )
}
