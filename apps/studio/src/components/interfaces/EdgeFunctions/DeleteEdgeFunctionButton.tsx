import { useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { useEdgeFunctionDeleteMutation } from '../../../data/edge-functions/edge-function-delete-mutation'
import { getErrorMessage } from '../../../data/fetcher'
import { Button } from '../../ui/Button'
import { Tooltip } from '../../ui/Tooltip'
import { TypeToConfirmDialog } from '../../ui/TypeToConfirmDialog'
import {
  DELETE_FUNCTION_DESCRIPTION,
  DELETE_FUNCTION_FAILED,
  DELETE_FUNCTION_LABEL,
  DELETE_FUNCTION_SUCCESS,
  DELETE_FUNCTION_TITLE,
  FUNCTIONS_WRITE_TOOLTIP,
} from './edge-functions.constants'

/** Deletes the function after its name is typed; then back to the list. Needs functions:write. */
export function DeleteEdgeFunctionButton({
  projectRef,
  slug,
  canDelete,
}: {
  projectRef: string
  slug: string
  canDelete: boolean
}) {
  const [open, setOpen] = useState(false)
  const navigate = useNavigate()
  const remove = useEdgeFunctionDeleteMutation({
    onSuccess: () => {
      setOpen(false)
      toast.success(DELETE_FUNCTION_SUCCESS(slug))
      void navigate(`/project/${projectRef}/functions`)
    },
    onError: (error) => toast.error(DELETE_FUNCTION_FAILED(getErrorMessage(error))),
  })
  return (
    <>
      <Tooltip content={canDelete ? undefined : FUNCTIONS_WRITE_TOOLTIP} wrapDisabled>
        <Button
          variant="danger"
          disabled={!canDelete}
          onClick={() => setOpen(true)}
          data-testid="delete-function-button"
        >
          {DELETE_FUNCTION_LABEL}
        </Button>
      </Tooltip>
      <TypeToConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={DELETE_FUNCTION_TITLE(slug)}
        description={DELETE_FUNCTION_DESCRIPTION}
        confirmString={slug}
        confirmLabel={DELETE_FUNCTION_LABEL}
        loading={remove.isPending}
        onConfirm={() => remove.mutate({ ref: projectRef, slug })}
      />
    </>
  )
}
