import { AI_PROVIDERS, type Organization, UpdateOrganizationAiSettingsBody } from '@pgfleet/contracts'
import { type FormEvent, useEffect, useState } from 'react'
import { toast } from 'sonner'
import { getErrorMessage, isApiError } from '../../../data/fetcher'
import {
  useHipaaAddonUpdateMutation,
  useOrganizationAiSettingsQuery,
  useOrganizationAiSettingsUpdateMutation,
} from '../../../data/organizations/ai-settings-query'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { Checkbox } from '../../ui/Checkbox'
import { Input } from '../../ui/Input'
import { Select } from '../../ui/Select'
import { Skeleton } from '../../ui/Skeleton'
import { Switch } from '../../ui/Switch'
import {
  AI_API_KEY_LABEL,
  AI_API_KEY_NONE,
  AI_API_KEY_STORED,
  AI_BASE_URL_DESCRIPTION,
  AI_BASE_URL_LABEL,
  AI_MODEL_LABEL,
  AI_MODEL_SECTION_DESCRIPTION,
  AI_MODEL_SECTION_TITLE,
  AI_PROVIDER_DEFAULT_OPTION,
  AI_PROVIDER_LABEL,
  AI_PROVIDER_OPTION_LABELS,
  AI_REMOVE_KEY_LABEL,
  AI_SETTINGS_FAILED_TITLE,
  AI_SETTINGS_LOAD_FAILED_TITLE,
  AI_SETTINGS_SAVED_MESSAGE,
  HIPAA_ADDON_DESCRIPTION,
  HIPAA_ADDON_LABEL,
  HIPAA_DISABLED_MESSAGE,
  HIPAA_ENABLED_MESSAGE,
  HIPAA_FAILED,
  NO_UPDATE_PERMISSION_MESSAGE,
  SAVE_ORGANIZATION_LABEL,
} from './organization.constants'

const PROVIDER_OPTIONS = [
  { value: '', label: AI_PROVIDER_DEFAULT_OPTION },
  ...AI_PROVIDERS.map((provider) => ({ value: provider, label: AI_PROVIDER_OPTION_LABELS[provider] })),
]

/** The organization's own model (provider, address, model, write-only key) and the HIPAA add-on; Owners only. */
export function OrganizationAiSettings({ organization }: { organization: Organization }) {
  const owner = Boolean(organization.is_owner)
  const settings = useOrganizationAiSettingsQuery({ slug: organization.slug })
  const [provider, setProvider] = useState('')
  const [baseUrl, setBaseUrl] = useState('')
  const [model, setModel] = useState('')
  const [apiKey, setApiKey] = useState('')
  const [removeKey, setRemoveKey] = useState(false)
  const [formError, setFormError] = useState<string>()

  useEffect(() => {
    if (!settings.data) return
    setProvider(settings.data.provider ?? '')
    setBaseUrl(settings.data.base_url ?? '')
    setModel(settings.data.model ?? '')
  }, [settings.data])

  const save = useOrganizationAiSettingsUpdateMutation({
    onSuccess: () => {
      setApiKey('')
      setRemoveKey(false)
      toast.success(AI_SETTINGS_SAVED_MESSAGE)
    },
  })
  const hipaa = useHipaaAddonUpdateMutation({
    onSuccess: (_, { enabled }) => toast.success(enabled ? HIPAA_ENABLED_MESSAGE : HIPAA_DISABLED_MESSAGE),
    onError: (error) => toast.error(HIPAA_FAILED(getErrorMessage(error))),
  })

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = UpdateOrganizationAiSettingsBody.safeParse({
      provider: provider || null,
      base_url: baseUrl.trim() || null,
      model: model.trim() || null,
      ...(removeKey ? { api_key: null } : apiKey ? { api_key: apiKey } : {}),
    })
    if (!parsed.success) {
      setFormError(parsed.error.issues[0]?.message)
      return
    }
    setFormError(undefined)
    save.mutate({ slug: organization.slug, body: parsed.data })
  }

  // a member who is not an owner may be refused the settings themselves: the form then shows empty and locked
  const refused = settings.isError && isApiError(settings.error) && settings.error.status === 403
  const disabled = !owner || refused

  return (
    <section aria-labelledby="organization-ai-title" className="space-y-3" data-testid="organization-ai-settings">
      <div>
        <h2 id="organization-ai-title" className="text-base font-semibold text-neutral-900">
          {AI_MODEL_SECTION_TITLE}
        </h2>
        <p className="text-sm text-neutral-600">{AI_MODEL_SECTION_DESCRIPTION}</p>
      </div>
      {disabled && <Alert tone="warning">{NO_UPDATE_PERMISSION_MESSAGE}</Alert>}
      {settings.isError && !refused ? (
        <Alert tone="error" title={AI_SETTINGS_LOAD_FAILED_TITLE}>
          {getErrorMessage(settings.error)}
        </Alert>
      ) : settings.isPending ? (
        <Skeleton className="h-48" />
      ) : (
        <form
          onSubmit={onSubmit}
          noValidate
          className="rounded-lg border border-neutral-200 bg-white shadow-xs"
          aria-labelledby="organization-ai-title"
        >
          <fieldset disabled={disabled} className="space-y-4 p-5">
            <Select
              label={AI_PROVIDER_LABEL}
              options={PROVIDER_OPTIONS}
              value={provider}
              onChange={(event) => setProvider(event.target.value)}
            />
            <Input
              label={AI_BASE_URL_LABEL}
              description={AI_BASE_URL_DESCRIPTION}
              value={baseUrl}
              placeholder="https://api.openai.com/v1"
              onChange={(event) => setBaseUrl(event.target.value)}
              className="font-mono"
            />
            <Input label={AI_MODEL_LABEL} value={model} onChange={(event) => setModel(event.target.value)} />
            <Input
              label={AI_API_KEY_LABEL}
              type="password"
              autoComplete="off"
              description={settings.data?.has_api_key ? AI_API_KEY_STORED : AI_API_KEY_NONE}
              value={apiKey}
              disabled={removeKey}
              onChange={(event) => setApiKey(event.target.value)}
            />
            {settings.data?.has_api_key && (
              <Checkbox
                label={AI_REMOVE_KEY_LABEL}
                checked={removeKey}
                onChange={(event) => setRemoveKey(event.target.checked)}
              />
            )}
            <div className="flex items-start justify-between gap-4 border-t border-neutral-100 pt-4">
              <div>
                <p className="text-sm font-medium text-neutral-900">{HIPAA_ADDON_LABEL}</p>
                <p className="text-xs text-neutral-600">{HIPAA_ADDON_DESCRIPTION}</p>
              </div>
              <Switch
                label={HIPAA_ADDON_LABEL}
                checked={Boolean(settings.data?.hipaa_addon)}
                disabled={disabled || hipaa.isPending}
                onCheckedChange={(enabled) => hipaa.mutate({ slug: organization.slug, enabled })}
                data-testid="organization-hipaa-switch"
              />
            </div>
          </fieldset>
          {(formError || save.error) && (
            <div className="px-5 pb-4">
              <Alert tone="error" title={AI_SETTINGS_FAILED_TITLE}>
                {formError ?? getErrorMessage(save.error)}
              </Alert>
            </div>
          )}
          <div className="flex justify-end border-t border-neutral-200 px-5 py-3">
            <Button type="submit" variant="primary" disabled={disabled} loading={save.isPending}>
              {SAVE_ORGANIZATION_LABEL}
            </Button>
          </div>
        </form>
      )}
    </section>
  )
}
