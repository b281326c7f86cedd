import { Link, useParams } from 'react-router'
import { PageContainer } from '../../ui/PageContainer'
import { AuthPolicies } from './AuthPolicies'
import { AuthRoles } from './AuthRoles'
import {
  API_SETTINGS_LINK,
  AUTH_POLICIES_INTRO,
  AUTH_TITLE,
  JWT_PARAGRAPHS,
  JWT_TITLE,
  USERS_LINK,
} from './project-auth.constants'

/**
 * /project/{ref}/auth/policies: what decides access to the project's data: row-level security policies, the data
 * API's roles and the JWTs that pick them.
 */
export function ProjectAuthPage() {
  const { ref = '' } = useParams()
  return (
    <PageContainer className="space-y-8" data-testid="auth-page">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-xl font-semibold text-neutral-900">{AUTH_TITLE}</h1>
          <p className="max-w-2xl text-sm text-neutral-600">{AUTH_POLICIES_INTRO}</p>
        </div>
        <Link
          to={`/project/${ref}/auth/users`}
          className="text-sm font-medium text-emerald-700 hover:underline"
          data-testid="auth-users-link"
        >
          {USERS_LINK}
        </Link>
      </div>
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
