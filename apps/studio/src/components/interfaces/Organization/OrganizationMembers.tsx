import {
  type Member,
  type Organization,
  PermissionAction,
  PermissionResource,
  ROLE_NAMES,
  type RoleName,
} from '@pgfleet/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { getErrorMessage } from '../../../data/fetcher'
import { useInvitationsQuery } from '../../../data/organizations/invitations-query'
import { organizationKeys } from '../../../data/organizations/keys'
import { useMemberRemoveMutation } from '../../../data/organizations/member-remove-mutation'
import { useMemberUpdateMutation } from '../../../data/organizations/member-update-mutation'
import { useMembersQuery } from '../../../data/organizations/members-query'
import { useProfileQuery } from '../../../data/profile/profile-query'
import { useCan } from '../../../lib/use-can'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { ErrorState } from '../../ui/ErrorState'
import { Select } from '../../ui/Select'
import { Skeleton } from '../../ui/Skeleton'
import { Tooltip } from '../../ui/Tooltip'
import { TypeToConfirmDialog } from '../../ui/TypeToConfirmDialog'
import { InviteMemberForm } from './InviteMemberForm'
import {
  MEMBER_REMOVE_FAILED,
  MEMBER_REMOVED_MESSAGE,
  MEMBERS_LOAD_FAILED_TITLE,
  MEMBERS_SECTION_TITLE,
  NO_MEMBER_PERMISSION_TOOLTIP,
  PENDING_INVITATIONS_TITLE,
  REMOVE_MEMBER_CONFIRM_LABEL,
  REMOVE_MEMBER_DESCRIPTION,
  REMOVE_MEMBER_LABEL,
  REMOVE_MEMBER_TITLE,
  ROLE_SELECT_LABEL,
  ROLE_UPDATE_FAILED,
  ROLE_UPDATED_MESSAGE,
  YOU_LABEL,
} from './organization.constants'

const ROLE_OPTIONS = ROLE_NAMES.map((role) => ({ value: role, label: role }))

function formatDate(value: string) {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString()
}

export function OrganizationMembers({ organization }: { organization: Organization }) {
  const slug = organization.slug
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { data: profile } = useProfileQuery()
  const membersQuery = useMembersQuery({ slug })
  const invitationsQuery = useInvitationsQuery({ slug })
  const canUpdate = useCan(PermissionAction.UPDATE, PermissionResource.MEMBERS, { orgSlug: slug }).can
  const canDelete = useCan(PermissionAction.DELETE, PermissionResource.MEMBERS, { orgSlug: slug }).can
  const canInvite = useCan(PermissionAction.CREATE, PermissionResource.MEMBERS, { orgSlug: slug }).can
  const [memberToRemove, setMemberToRemove] = useState<Member>()

  const updateMember = useMemberUpdateMutation({
    onSuccess: () => toast.success(ROLE_UPDATED_MESSAGE),
    onError: (error) => toast.error(ROLE_UPDATE_FAILED(getErrorMessage(error))),
  })
  const removeMember = useMemberRemoveMutation({
    onSuccess: async (_answer, variables) => {
      toast.success(MEMBER_REMOVED_MESSAGE)
      setMemberToRemove(undefined)
      if (variables.userId === profile?.id) {
        // The user left the organization: nothing here is theirs to see any more.
        await queryClient.invalidateQueries({ queryKey: organizationKeys.all })
        navigate('/projects')
      }
    },
    onError: (error) => toast.error(MEMBER_REMOVE_FAILED(getErrorMessage(error))),
  })

  return (
    <section aria-labelledby="members-title" className="space-y-3">
      <h2 id="members-title" className="text-base font-semibold text-neutral-900">
        {MEMBERS_SECTION_TITLE}
      </h2>
      <div className="overflow-x-auto rounded-lg border border-neutral-200 bg-white shadow-xs">
        {membersQuery.isPending ? (
          <div className="space-y-2 p-4" role="status">
            <span className="sr-only">Loading members</span>
            <Skeleton className="h-8" />
            <Skeleton className="h-8" />
          </div>
        ) : membersQuery.isError ? (
          <ErrorState
            title={MEMBERS_LOAD_FAILED_TITLE}
            error={membersQuery.error}
            onRetry={() => void membersQuery.refetch()}
            retrying={membersQuery.isFetching}
          />
        ) : (
          <table className="w-full text-left text-sm" data-testid="members-table">
            <thead className="border-b border-neutral-200 bg-neutral-50 text-xs text-neutral-500">
              <tr>
                <th className="px-4 py-2 font-medium">Member</th>
                <th className="px-4 py-2 font-medium">Role</th>
                <th className="hidden px-4 py-2 font-medium sm:table-cell">Joined</th>
                <th className="px-4 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-100">
              {membersQuery.data.map((member) => {
                const pendingRole =
                  updateMember.isPending && updateMember.variables?.userId === member.user_id
                    ? updateMember.variables.roleName
                    : undefined
                return (
                  <tr key={member.user_id} data-testid="member-row" data-email={member.primary_email}>
                    <td className="px-4 py-2.5">
                      <div className="flex items-center gap-2">
                        <span className="font-medium text-neutral-900">{member.username}</span>
                        {member.user_id === profile?.id && <Badge tone="info">{YOU_LABEL}</Badge>}
                      </div>
                      <div className="text-xs text-neutral-500">{member.primary_email}</div>
                    </td>
                    <td className="px-4 py-2.5">
                      <Tooltip content={canUpdate ? undefined : NO_MEMBER_PERMISSION_TOOLTIP} wrapDisabled>
                        <Select
                          label={ROLE_SELECT_LABEL(member.primary_email)}
                          hideLabel
                          value={pendingRole ?? member.role_name}
                          disabled={!canUpdate || Boolean(pendingRole)}
                          onChange={(event) =>
                            updateMember.mutate({
                              slug,
                              userId: member.user_id,
                              roleName: event.target.value as RoleName,
                            })
                          }
                          options={ROLE_OPTIONS}
                          className="w-40"
                        />
                      </Tooltip>
                    </td>
                    <td className="hidden px-4 py-2.5 text-neutral-600 sm:table-cell">
                      {formatDate(member.joined_at)}
                    </td>
                    <td className="px-4 py-2.5 text-right">
                      <Tooltip content={canDelete ? undefined : NO_MEMBER_PERMISSION_TOOLTIP} wrapDisabled>
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={REMOVE_MEMBER_LABEL(member.primary_email)}
                          disabled={!canDelete}
                          onClick={() => setMemberToRemove(member)}
                        >
                          Remove
                        </Button>
                      </Tooltip>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        )}
      </div>

      {invitationsQuery.data && invitationsQuery.data.length > 0 && (
        <div className="space-y-2">
          <h3 className="text-sm font-semibold text-neutral-900">{PENDING_INVITATIONS_TITLE}</h3>
          <ul
            className="divide-y divide-neutral-100 rounded-lg border border-neutral-200 bg-white text-sm"
            data-testid="invitations-list"
          >
            {invitationsQuery.data.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2.5">
                <span className="text-neutral-900">{invitation.email}</span>
                <span className="text-xs text-neutral-500">
                  {invitation.role_name} · invited {formatDate(invitation.invited_at)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}

      <InviteMemberForm slug={slug} canInvite={canInvite} />

      {memberToRemove && (
        <TypeToConfirmDialog
          open
          onOpenChange={(open) => !open && setMemberToRemove(undefined)}
          title={REMOVE_MEMBER_TITLE(memberToRemove.primary_email)}
          description={REMOVE_MEMBER_DESCRIPTION}
          confirmString={memberToRemove.primary_email}
          confirmLabel={REMOVE_MEMBER_CONFIRM_LABEL}
          loading={removeMember.isPending}
          onConfirm={() => removeMember.mutate({ slug, userId: memberToRemove.user_id })}
        />
      )}
    </section>
  )
}
