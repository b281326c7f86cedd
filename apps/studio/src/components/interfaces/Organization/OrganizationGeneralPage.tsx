import { useParams } from 'react-router'
import { useOrganization } from '../../../data/organizations/organizations-query'
import { OrganizationAiSettings } from './OrganizationAiSettings'
import { OrganizationGeneralForm } from './OrganizationGeneralForm'
import { OrganizationMembers } from './OrganizationMembers'
import { SupportRequestsList } from './SupportRequestsList'

/** Rendered inside OrganizationLayout, which has already loaded the organization. */
export function OrganizationGeneralPage() {
  const { slug } = useParams()
  const { organization } = useOrganization(slug)
  if (!organization) return null
  return (
    <div className="space-y-10">
      <OrganizationGeneralForm key={organization.slug} organization={organization} />
      <OrganizationAiSettings key={`ai-${organization.slug}`} organization={organization} />
      <OrganizationMembers organization={organization} />
      {organization.is_owner && <SupportRequestsList slug={organization.slug} />}
    </div>
  )
}
