import { PermissionAction, PermissionResource, type Project } from '@pgfleet/contracts'
import { useState } from 'react'
import { useCan } from '../../../lib/use-can'
import { Button, type ButtonVariant } from '../../ui/Button'
import { Tooltip } from '../../ui/Tooltip'
import { DeleteProjectDialog } from './DeleteProjectDialog'
import { DELETE_PERMISSION_TOOLTIP, DELETE_PROJECT_LABEL } from './project-deletion.constants'

/** Opens the deletion dialog; needs update on projects. */
export function DeleteProjectButton({
  project,
  label = DELETE_PROJECT_LABEL,
  variant = 'danger',
}: {
  project: Project
  label?: string
  variant?: ButtonVariant
}) {
  const [open, setOpen] = useState(false)
  const { can, isLoading } = useCan(PermissionAction.UPDATE, PermissionResource.PROJECTS, {
    orgSlug: project.organization_slug,
  })
  const denied = !isLoading && !can
  return (
    <>
      <Tooltip content={denied ? DELETE_PERMISSION_TOOLTIP : undefined} wrapDisabled>
        <Button
          variant={variant}
          onClick={() => setOpen(true)}
          disabled={!can}
          loading={isLoading}
          data-testid="delete-project-button"
        >
          {label}
        </Button>
      </Tooltip>
      <DeleteProjectDialog open={open} onOpenChange={setOpen} project={project} />
    </>
  )
}
