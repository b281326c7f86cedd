import { Link, useParams } from 'react-router'
import { Alert } from '../../ui/Alert'
import { PageContainer } from '../../ui/PageContainer'
import { AuthPolicies } from './AuthPolicies'
import { AuthRoles } from './AuthRoles'
import {
  API_SETTINGS_LINK,
  AUTH_TITLE,
  JWT_PARAGRAPHS,
  JWT_TITLE,
  NO_AUTH_SERVER_NOTICE,
} from './project-auth.constants'

/**
 * /project/{ref}/auth: there is no auth server to manage, so the page shows what does decide access to the
 * project's data: row-level security policies, the data API's roles and the JWTs that pick them.
 */
export function ProjectAuthPage() {
  const { ref = '' } = useParams()
  return (
    <PageContainer className="space-y-8" data-testid="auth-page">
      <h1 className="text-xl font-semibold text-neutral-900">{AUTH_TITLE}</h1>
      <Alert tone="info" data-testid="no-auth-server">
        {NO_AUTH_SERVER_NOTICE}
      </Alert>
      <AuthPolicies projectRef={ref} />
      <AuthRoles projectRef={ref} />
      <section aria-labelledby="jwt-title" className="space-y-2" data-testid="auth-jwt">
        <h2 id="jwt-title" className="text-base font-semibold text-neutral-900">
          {JWT_TITLE}
        </h2>
        {JWT_PARAGRAPHS.map((paragraph) => (
          <p key={paragraph} className="text-sm text-neutral-600">
            {paragraph}
          </p>
        ))}
        <Link
          to={`/project/${ref}/settings/api`}
          className="inline-block text-sm font-medium text-emerald-700 hover:underline"
          data-testid="api-settings-link"
        >
          {API_SETTINGS_LINK}
        </Link>
      </section>
    </PageContainer>
  )
}
