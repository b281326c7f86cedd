import { type AccessToken, CreateAccessTokenBody } from '@pgfleet/contracts'
import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { useAccessTokenCreateMutation } from '../../../data/access-tokens/access-token-create-mutation'
import { useAccessTokenDeleteMutation } from '../../../data/access-tokens/access-token-delete-mutation'
import { useAccessTokensQuery } from '../../../data/access-tokens/access-tokens-query'
import { getErrorMessage } from '../../../data/fetcher'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { CodeBlock } from '../../ui/CodeBlock'
import { Dialog } from '../../ui/Dialog'
import { ErrorState } from '../../ui/ErrorState'
import { Input } from '../../ui/Input'
import { Skeleton } from '../../ui/Skeleton'
import {
  ACCESS_TOKENS_DESCRIPTION,
  ACCESS_TOKENS_TITLE,
  CREATE_TOKEN_FAILED_TITLE,
  CREATE_TOKEN_LABEL,
  DELETE_TOKEN_CONFIRM_LABEL,
  DELETE_TOKEN_DESCRIPTION,
  DELETE_TOKEN_LABEL,
  DELETE_TOKEN_TITLE,
  DISMISS_NEW_TOKEN_LABEL,
  NEVER_USED_LABEL,
  NEW_TOKEN_LABEL,
  NEW_TOKEN_NOTICE,
  NEW_TOKEN_TITLE,
  NO_TOKENS_MESSAGE,
  TOKEN_DELETE_FAILED,
  TOKEN_DELETED_MESSAGE,
  TOKEN_NAME_LABEL,
  TOKENS_LOAD_FAILED_TITLE,
} from './access-tokens.constants'

function CreateTokenForm() {
  const [name, setName] = useState('')
  const [nameError, setNameError] = useState<string>()
  const create = useAccessTokenCreateMutation({ onSuccess: () => setName('') })

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = CreateAccessTokenBody.safeParse({ name })
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message)
      return
    }
    setNameError(undefined)
    create.mutate(parsed.data)
  }

  return (
    <div className="space-y-4">
      <form
        onSubmit={handleSubmit}
        noValidate
        className="flex flex-wrap items-start gap-3"
        data-testid="create-token-form"
      >
        <Input
          label={TOKEN_NAME_LABEL}
          value={name}
          onChange={(event) => {
            setName(event.target.value)
            setNameError(undefined)
          }}
          error={nameError}
          fieldClassName="min-w-64 flex-1"
          autoComplete="off"
        />
        <Button type="submit" variant="primary" loading={create.isPending} className="sm:mt-6.5">
          {CREATE_TOKEN_LABEL}
        </Button>
      </form>
      {create.error && (
        <Alert tone="error" title={CREATE_TOKEN_FAILED_TITLE}>
          {getErrorMessage(create.error)}
        </Alert>
      )}
      {create.data && (
        <div className="space-y-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4" data-testid="new-token">
          <p className="text-sm font-medium text-emerald-900">{NEW_TOKEN_TITLE(create.data.name)}</p>
          <p className="text-sm text-emerald-900">{NEW_TOKEN_NOTICE}</p>
          <CodeBlock value={create.data.token} label={NEW_TOKEN_LABEL} data-testid="new-token-value" />
          <Button size="sm" onClick={() => create.reset()}>
            {DISMISS_NEW_TOKEN_LABEL}
          </Button>
        </div>
      )}
    </div>
  )
}

export function AccessTokensPage() {
  const tokensQuery = useAccessTokensQuery()
  const [tokenToDelete, setTokenToDelete] = useState<AccessToken>()
  const remove = useAccessTokenDeleteMutation({
    onSuccess: () => {
      toast.success(TOKEN_DELETED_MESSAGE)
      setTokenToDelete(undefined)
    },
    onError: (error) => toast.error(TOKEN_DELETE_FAILED(getErrorMessage(error))),
  })

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-xl font-semibold text-neutral-900">{ACCESS_TOKENS_TITLE}</h1>
        <p className="mt-1 text-sm text-neutral-600">{ACCESS_TOKENS_DESCRIPTION}</p>
      </div>
      <CreateTokenForm />
      <div className="rounded-lg border border-neutral-200 bg-white shadow-xs">
        {tokensQuery.isPending ? (
          <div className="space-y-2 p-4" role="status">
            <span className="sr-only">Loading access tokens</span>
            <Skeleton className="h-8" />
            <Skeleton className="h-8" />
          </div>
        ) : tokensQuery.isError ? (
          <ErrorState
            title={TOKENS_LOAD_FAILED_TITLE}
            error={tokensQuery.error}
            onRetry={() => void tokensQuery.refetch()}
            retrying={tokensQuery.isFetching}
          />
        ) : tokensQuery.data.length === 0 ? (
          <p className="p-4 text-sm text-neutral-500">{NO_TOKENS_MESSAGE}</p>
        ) : (
          <ul className="divide-y divide-neutral-100" data-testid="access-tokens-list">
            {tokensQuery.data.map((token) => (
              <li
                key={token.id}
                className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
                data-testid="access-token-row"
              >
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-neutral-900">{token.name}</p>
                  <p className="text-xs text-neutral-500">
                    <span className="font-mono">{token.token_alias}</span> · created{' '}
                    {new Date(token.created_at).toLocaleDateString()} ·{' '}
                    {token.last_used_at
                      ? `last used ${new Date(token.last_used_at).toLocaleString()}`
                      : NEVER_USED_LABEL}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={DELETE_TOKEN_LABEL(token.name)}
                  onClick={() => setTokenToDelete(token)}
                >
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Dialog
        open={Boolean(tokenToDelete)}
        onOpenChange={(open) => !open && setTokenToDelete(undefined)}
        title={tokenToDelete ? DELETE_TOKEN_TITLE(tokenToDelete.name) : ''}
        description={DELETE_TOKEN_DESCRIPTION}
        footer={
          <>
            <Button onClick={() => setTokenToDelete(undefined)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() => tokenToDelete && remove.mutate({ id: tokenToDelete.id })}
            >
              {DELETE_TOKEN_CONFIRM_LABEL}
            </Button>
          </>
        }
      />
    </div>
  )
}
