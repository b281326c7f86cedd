import { DEFAULT_EDGE_FUNCTION_VERIFY_JWT, type EdgeFunction } from '@pgfleet/contracts'
import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { useEdgeFunctionDeployMutation } from '../../../data/edge-functions/edge-function-deploy-mutation'
import { getErrorMessage } from '../../../data/fetcher'
import { Button } from '../../ui/Button'
import { Checkbox } from '../../ui/Checkbox'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { Input } from '../../ui/Input'
import { Tooltip } from '../../ui/Tooltip'
import { DeployedFunction } from './DeployedFunction'
import {
  DENO_SERVE_TEMPLATE,
  DEPLOY_BUTTON_LABEL,
  DEPLOY_CODE_LABEL,
  DEPLOY_ENTRYPOINT,
  DEPLOY_FAILED,
  DEPLOY_INVALID,
  DEPLOY_NAME_DESCRIPTION,
  DEPLOY_NAME_LABEL,
  DEPLOY_SUCCESS_TOAST,
  DEPLOY_TITLE,
  DEPLOY_VERIFY_JWT_DESCRIPTION,
  DEPLOY_VERIFY_JWT_LABEL,
  FUNCTIONS_WRITE_TOOLTIP,
  REPLACE_CANCEL_LABEL,
  REPLACE_CONFIRM_LABEL,
  REPLACE_DESCRIPTION,
  REPLACE_TITLE,
} from './edge-functions.constants'
import { deployProblem } from './edge-functions.utils'
import { FunctionCodeEditor } from './FunctionCodeEditor'

/**
 * Deploys a function (entrypoint index.ts, JWT verification on by default); over an existing
 * one the user confirms the replacement or cancels; afterwards the live URL and a download command are shown.
 */
export function DeployFunctionForm({
  projectRef,
  existingSlugs,
  canDeploy,
  appConfig,
}: {
  projectRef: string
  existingSlugs: string[]
  canDeploy: boolean
  appConfig: { protocol: string; endpoint: string } | undefined
}) {
  const [name, setName] = useState('hello-world')
  const [code, setCode] = useState(DENO_SERVE_TEMPLATE)
  const [verifyJwt, setVerifyJwt] = useState(DEFAULT_EDGE_FUNCTION_VERIFY_JWT)
  const [confirmReplace, setConfirmReplace] = useState(false)
  const [deployed, setDeployed] = useState<EdgeFunction>()
  const deploy = useEdgeFunctionDeployMutation({
    onSuccess: (fn) => {
      setConfirmReplace(false)
      setDeployed(fn)
      toast.success(DEPLOY_SUCCESS_TOAST(fn.name, fn.version))
    },
    onError: (error) => {
      setConfirmReplace(false)
      toast.error(DEPLOY_FAILED(getErrorMessage(error, '')))
    },
  })

  const send = () =>
    deploy.mutate({
      ref: projectRef,
      slug: name,
      files: [{ name: DEPLOY_ENTRYPOINT, content: code }],
      entrypointPath: DEPLOY_ENTRYPOINT,
      verifyJwt,
    })

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    const problem = deployProblem(name, code)
    if (problem) {
      toast.error(DEPLOY_INVALID(problem))
      return
    }
    setDeployed(undefined)
    if (existingSlugs.includes(name)) setConfirmReplace(true)
    else send()
  }

  return (
    <section aria-labelledby="deploy-function-title" className="space-y-3" data-testid="deploy-function-form">
      <h4 id="deploy-function-title" className="text-base font-semibold text-neutral-900">
        {DEPLOY_TITLE}
      </h4>
      <form onSubmit={handleSubmit} className="space-y-3" noValidate>
        <Input
          label={DEPLOY_NAME_LABEL}
          description={DEPLOY_NAME_DESCRIPTION}
          value={name}
          onChange={(event) => setName(event.target.value.trim())}
          autoComplete="off"
          spellCheck={false}
          data-testid="deploy-function-name"
        />
        <div className="space-y-1.5">
          <p className="text-sm font-medium text-neutral-800">{DEPLOY_CODE_LABEL}</p>
          <FunctionCodeEditor
            initialValue={DENO_SERVE_TEMPLATE}
            onChange={setCode}
            ariaLabel={DEPLOY_CODE_LABEL}
            data-testid="deploy-function-code"
          />
        </div>
        <Checkbox
          label={DEPLOY_VERIFY_JWT_LABEL}
          description={DEPLOY_VERIFY_JWT_DESCRIPTION}
          checked={verifyJwt}
          onChange={(event) => setVerifyJwt(event.target.checked)}
        />
        <Tooltip content={canDeploy ? undefined : FUNCTIONS_WRITE_TOOLTIP} wrapDisabled>
          <Button
            type="submit"
            variant="primary"
            disabled={!canDeploy}
            loading={deploy.isPending && !confirmReplace}
            data-testid="deploy-function-button"
          >
            {DEPLOY_BUTTON_LABEL}
          </Button>
        </Tooltip>
      </form>
      {deployed && <DeployedFunction fn={deployed} projectRef={projectRef} appConfig={appConfig} />}
      <ConfirmDialog
        open={confirmReplace}
        onOpenChange={setConfirmReplace}
        title={REPLACE_TITLE(name)}
        description={REPLACE_DESCRIPTION(name)}
        confirmLabel={REPLACE_CONFIRM_LABEL}
        cancelLabel={REPLACE_CANCEL_LABEL}
        variant="danger"
        loading={deploy.isPending}
        onConfirm={send}
        data-testid="replace-function-dialog"
      />
    </section>
  )
}
