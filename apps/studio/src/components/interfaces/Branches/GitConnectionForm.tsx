import { useState } from 'react'
import { toast } from 'sonner'
import { useGitConnectionCreateMutation } from '../../../data/branches/git-connections-query'
import { getErrorMessage } from '../../../data/fetcher'
import { Button } from '../../ui/Button'
import { Input } from '../../ui/Input'
import {
  GIT_CONNECTION_ADD,
  GIT_CONNECTION_ADDED,
  GIT_CONNECTION_FAILED,
  GIT_CONNECTION_TOKEN_DESCRIPTION,
  GIT_CONNECTION_TOKEN_LABEL,
  GIT_CONNECTION_URL_DESCRIPTION,
  GIT_CONNECTION_URL_LABEL,
} from './branches.constants'

/** Connects a repository to the project: its URL and an optional token (sent once, stored sealed). */
export function GitConnectionForm({
  projectRef,
  onConnected,
}: {
  projectRef: string
  onConnected?: (id: number) => void
}) {
  const [url, setUrl] = useState('')
  const [token, setToken] = useState('')
  const [error, setError] = useState<string | undefined>()
  const create = useGitConnectionCreateMutation({
    onSuccess: (connection) => {
      toast.success(GIT_CONNECTION_ADDED)
      setUrl('')
      setToken('')
      setError(undefined)
      onConnected?.(connection.id)
    },
    onError: (failure) => setError(GIT_CONNECTION_FAILED(getErrorMessage(failure))),
  })
  return (
    <div className="space-y-3" data-testid="git-connection-form">
      <Input
        label={GIT_CONNECTION_URL_LABEL}
        description={GIT_CONNECTION_URL_DESCRIPTION}
        value={url}
        error={error}
        onChange={(event) => setUrl(event.target.value)}
        placeholder="https://github.com/owner/repo.git"
        autoComplete="off"
      />
      <Input
        label={GIT_CONNECTION_TOKEN_LABEL}
        description={GIT_CONNECTION_TOKEN_DESCRIPTION}
        type="password"
        value={token}
        onChange={(event) => setToken(event.target.value)}
        autoComplete="off"
      />
      <Button
        size="sm"
        disabled={url.trim() === ''}
        loading={create.isPending}
        onClick={() => create.mutate({ ref: projectRef, repository_url: url.trim(), token: token.trim() || undefined })}
      >
        {GIT_CONNECTION_ADD}
      </Button>
    </div>
  )
}
