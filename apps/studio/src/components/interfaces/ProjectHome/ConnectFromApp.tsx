import { useApiKeysQuery } from '../../../data/api-keys/api-keys-query'
import { useProjectSettingsQuery } from '../../../data/config/project-settings-query'
import { CodeBlock } from '../../ui/CodeBlock'
import { ErrorState } from '../../ui/ErrorState'
import { Skeleton } from '../../ui/Skeleton'
import { connectSnippets } from '../APIDocs/api-docs.utils'
import {
  ANON_KEY_LABEL,
  ANON_KEY_TITLE,
  CONNECT_APP_HINT,
  CONNECT_APP_TITLE,
  SUPABASE_JS_LABEL,
} from './project-home.constants'

/** The anon key and the supabase-js lines that connect an app: from "created" to a first query on one page. */
export function ConnectFromApp({ projectRef }: { projectRef: string }) {
  const keys = useApiKeysQuery({ ref: projectRef })
  const settings = useProjectSettingsQuery({ ref: projectRef })
  const appConfig = settings.data?.app_config
  const anonKey = keys.data?.find((key) => key.name === 'anon')?.api_key
  return (
    <section aria-labelledby="connect-app-title" className="space-y-3" data-testid="connect-from-app">
      <h2 id="connect-app-title" className="text-base font-semibold text-neutral-900">
        {CONNECT_APP_TITLE}
      </h2>
      {keys.isPending || settings.isPending ? (
        <Skeleton className="h-32" />
      ) : keys.isError || settings.isError ? (
        <ErrorState
          error={keys.error ?? settings.error}
          onRetry={() => void Promise.all([keys.refetch(), settings.refetch()])}
        />
      ) : anonKey && appConfig ? (
        <>
          <div className="space-y-1">
            <h3 className="text-sm font-medium text-neutral-800">{ANON_KEY_TITLE}</h3>
            <CodeBlock value={anonKey} label={ANON_KEY_LABEL} data-testid="home-anon-key" />
          </div>
          {connectSnippets('js', { url: `${appConfig.protocol}://${appConfig.endpoint}`, anonKey }).map((snippet) => (
            <CodeBlock
              key={snippet.title}
              value={snippet.code}
              label={SUPABASE_JS_LABEL}
              data-testid="home-supabase-js"
            />
          ))}
          <p className="text-sm text-neutral-600">{CONNECT_APP_HINT}</p>
        </>
      ) : null}
    </section>
  )
}
