import { useCustomHostnameQuery } from '../../../data/custom-domains/custom-hostname-query'
import { CodeBlock } from '../../ui/CodeBlock'
import { CUSTOM_DOMAIN_URL_NOTE } from './api-settings.constants'

/** Once a custom domain is active the project is also reachable there; the platform URL keeps working. */
export function CustomDomainUrl({ projectRef }: { projectRef: string | undefined }) {
  const { data } = useCustomHostnameQuery({ ref: projectRef })
  if (data?.status !== '5_services_reconfigured' || !data.custom_hostname) return null
  return (
    <div className="mt-3 space-y-1.5">
      <p className="text-xs text-neutral-500">{CUSTOM_DOMAIN_URL_NOTE}</p>
      <CodeBlock value={`https://${data.custom_hostname}`} label="custom domain URL" data-testid="custom-domain-url" />
    </div>
  )
}
