import type { EdgeFunction } from '@pgfleet/contracts'
import { memo, useState } from 'react'
import { toast } from 'sonner'
import { useProjectSettingsQuery } from '../../../data/config/project-settings-query'
import { useEdgeFunctionDeployMutation } from '../../../data/edge-functions/edge-function-deploy-mutation'
import { getEdgeFunction } from '../../../data/edge-functions/edge-function-query'
import { getErrorMessage, isApiError } from '../../../data/fetcher'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { DeployedFunction } from '../EdgeFunctions/DeployedFunction'
import {
  DEPLOY_FAILED,
  DEPLOY_LABEL,
  INVALID_FUNCTION,
  REPLACE_FUNCTION_DESCRIPTION,
  REPLACE_FUNCTION_TITLE,
  REPLACE_LABEL,
} from './assistant.constants'

/**
 * An edge function the assistant wrote: its code and a Deploy that asks before replacing a function of the
 * same name, then shows where it answers and how to download it.
 */
export const EdgeFunctionBlock = memo(function EdgeFunctionBlock({
  projectRef,
  name,
  title,
  code,
  valid = true,
  error,
  streaming,
}: {
  projectRef: string
  name: string
  title?: string
  code: string
  valid?: boolean
  error?: string | null
  streaming?: boolean
}) {
  const [checking, setChecking] = useState(false)
  const [confirmReplace, setConfirmReplace] = useState(false)
  const [deployed, setDeployed] = useState<EdgeFunction>()
  const settings = useProjectSettingsQuery({ ref: projectRef })
  const deploy = useEdgeFunctionDeployMutation({
    onSuccess: (fn) => {
      setConfirmReplace(false)
      setDeployed(fn)
    },
    onError: (failure) => {
      setConfirmReplace(false)
      toast.error(DEPLOY_FAILED(getErrorMessage(failure, '')))
    },
  })

  const send = () => deploy.mutate({ ref: projectRef, slug: name, files: [{ name: 'index.ts', content: code }] })

  const onDeploy = async () => {
    setChecking(true)
    try {
      await getEdgeFunction({ ref: projectRef, slug: name })
      setConfirmReplace(true)
    } catch (failure) {
      if (isApiError(failure) && failure.status === 404) send()
      else toast.error(DEPLOY_FAILED(getErrorMessage(failure, '')))
    } finally {
      setChecking(false)
    }
  }

  return (
    <div className="space-y-2 rounded-lg border border-neutral-200 bg-white p-3" data-testid="assistant-function-block">
      <div className="flex items-center gap-2">
        <h3 className="min-w-0 flex-1 truncate text-sm font-semibold text-neutral-900">
          {title || name} <span className="font-mono text-xs font-normal text-neutral-500">{name}</span>
        </h3>
        <Button
          size="sm"
          variant="primary"
          disabled={streaming || !valid}
          loading={checking || deploy.isPending}
          onClick={() => void onDeploy()}
          data-testid="assistant-function-deploy"
        >
          {DEPLOY_LABEL}
        </Button>
      </div>
      {!valid && error && <Alert tone="warning">{INVALID_FUNCTION(error)}</Alert>}
      <pre className="max-h-64 overflow-auto rounded-md bg-neutral-50 p-2 font-mono text-xs text-neutral-800">
        {code}
      </pre>
      {deployed && <DeployedFunction fn={deployed} projectRef={projectRef} appConfig={settings.data?.app_config} />}
      <ConfirmDialog
        open={confirmReplace}
        onOpenChange={setConfirmReplace}
        title={REPLACE_FUNCTION_TITLE(name)}
        description={REPLACE_FUNCTION_DESCRIPTION}
        confirmLabel={REPLACE_LABEL}
        loading={deploy.isPending}
        onConfirm={send}
        data-testid="assistant-function-replace"
      />
    </div>
  )
})
