import { PermissionAction, PermissionResource } from '@pgfleet/contracts'
import { useState } from 'react'
import { toast } from 'sonner'
import { useApiKeysQuery } from '../../../data/api-keys/api-keys-query'
import { useProjectSettingsQuery } from '../../../data/config/project-settings-query'
import { useRestDescriptionQuery } from '../../../data/config/rest-description-query'
import { useEdgeFunctionsQuery } from '../../../data/edge-functions/edge-functions-query'
import { getErrorMessage } from '../../../data/fetcher'
import { useTypescriptTypesGenerateMutation } from '../../../data/pg-meta/typescript-types-generate-mutation'
import { useProjectDetailQuery } from '../../../data/projects/project-detail-query'
import { useBucketsQuery } from '../../../data/storage/buckets-query'
import { saveBlobAs } from '../../../lib/save-file'
import { useCan } from '../../../lib/use-can'
import { isFlagOn, useFlag } from '../../../lib/use-flag'
import { Dialog } from '../../ui/Dialog'
import { APIDocsNav } from './APIDocsNav'
import { APIDocsSectionContent } from './APIDocsSectionContent'
import { APIDocsToolbar } from './APIDocsToolbar'
import {
  ANON_KEY_PLACEHOLDER,
  API_DOCS_DESCRIPTION,
  API_DOCS_TITLE,
  type ApiDocsFlag,
  GENERATE_TYPES_FAILED,
  type SnippetLanguage,
  TYPES_DOWNLOADED_TOAST,
  TYPES_FILE_NAME,
} from './api-docs.constants'
import { entitiesOf, functionsOf, type SnippetContext, visibleSections } from './api-docs.utils'
import type { Selection } from './api-docs-selection'

function useIsFlagOn() {
  const flags: Record<ApiDocsFlag, boolean> = {
    project_auth: isFlagOn(useFlag('project_auth')),
    project_storage: isFlagOn(useFlag('project_storage')),
    project_edge_function: isFlagOn(useFlag('project_edge_function')),
    realtime: isFlagOn(useFlag('realtime')),
  }
  return (flag: ApiDocsFlag) => flags[flag]
}

export default function APIDocsModal({
  projectRef,
  open,
  onOpenChange,
}: {
  projectRef: string
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const [selection, setSelection] = useState<Selection>({ section: 'connect' })
  const [language, setLanguage] = useState<SnippetLanguage>('js')
  const [showKeys, setShowKeys] = useState(false)
  const isOn = useIsFlagOn()
  const sections = visibleSections(isOn)
  const settings = useProjectSettingsQuery({ ref: projectRef })
  const keys = useApiKeysQuery({ ref: projectRef }, { enabled: showKeys })
  // the modal stays mounted once opened: only while it is open does the description count as in use, so
  // reopening it refetches a description that went stale (or was invalidated by DDL) while it was closed
  const description = useRestDescriptionQuery({ ref: projectRef }, { enabled: open })
  const edgeFunctionsOn = isOn('project_edge_function')
  const edgeFunctions = useEdgeFunctionsQuery({ ref: projectRef }, { enabled: open && edgeFunctionsOn })
  const project = useProjectDetailQuery({ ref: projectRef })
  const buckets = useBucketsQuery({ ref: projectRef }, { enabled: open && isOn('project_storage') })
  const canDeploy = useCan(PermissionAction.FUNCTIONS_WRITE, PermissionResource.EDGE_FUNCTIONS, {
    orgSlug: project.data?.organization_slug,
  }).can
  const types = useTypescriptTypesGenerateMutation({
    onSuccess: ({ types: text }) => {
      saveBlobAs(new Blob([text], { type: 'text/typescript' }), TYPES_FILE_NAME)
      toast.success(TYPES_DOWNLOADED_TOAST)
    },
    onError: (error) => toast.error(GENERATE_TYPES_FAILED(getErrorMessage(error))),
  })

  const appConfig = settings.data?.app_config
  const url = appConfig ? `${appConfig.protocol}://${appConfig.endpoint}` : `https://${projectRef}.example.com`
  const anonKey = showKeys
    ? (keys.data?.find((key) => key.name === 'anon')?.api_key ?? ANON_KEY_PLACEHOLDER)
    : ANON_KEY_PLACEHOLDER
  const context: SnippetContext = { url, anonKey }
  const entities = entitiesOf(description.data)
  const functions = functionsOf(description.data)
  const current = sections.some((section) => section.id === selection.section)
    ? selection
    : { section: 'connect' as const }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={API_DOCS_TITLE}
      description={API_DOCS_DESCRIPTION}
      className="h-[85vh] max-w-6xl!"
      data-testid="api-docs-modal"
    >
      <div className="flex h-full min-h-0 flex-col gap-4">
        <APIDocsToolbar
          language={language}
          onLanguageChange={setLanguage}
          showKeys={showKeys}
          onToggleKeys={() => setShowKeys((value) => !value)}
          generatingTypes={types.isPending}
          onGenerateTypes={() => types.mutate({ ref: projectRef, includedSchemas: ['public'] })}
        />
        <div className="flex min-h-0 flex-1 gap-6">
          <APIDocsNav
            sections={sections}
            current={current}
            entities={entities}
            functions={functions}
            edgeFunctions={(edgeFunctions.data ?? []).map((fn) => fn.slug)}
            buckets={(buckets.data ?? []).map((bucket) => bucket.name)}
            onSelect={setSelection}
          />
          <div className="min-w-0 flex-1 space-y-4 overflow-y-auto pr-1" data-testid="api-docs-content">
            <APIDocsSectionContent
              current={current}
              projectRef={projectRef}
              appConfig={appConfig}
              description={description}
              entities={entities}
              functions={functions}
              edgeFunctions={{ data: edgeFunctions.data ?? [], loading: edgeFunctions.isPending, canDeploy }}
              buckets={buckets}
              language={language}
              context={context}
            />
          </div>
        </div>
      </div>
    </Dialog>
  )
}
