import { type DatabaseExtension, EXTENSION_UNAVAILABLE_MESSAGE } from '@pgfleet/contracts'
import { Badge, type BadgeTone } from '../../ui/Badge'
import { Spinner } from '../../ui/Spinner'
import { Switch } from '../../ui/Switch'
import {
  AVAILABILITY_DESCRIPTIONS,
  AVAILABILITY_LABELS,
  INSTALLED_IN,
  TOGGLE_LABEL,
} from './database-extensions.constants'
import { canToggle, isEnabled } from './database-extensions.utils'

const AVAILABILITY_TONES: Record<DatabaseExtension['availability'], BadgeTone> = {
  trusted: 'success',
  platform: 'info',
  unavailable: 'neutral',
}

/** One extension: name, what it does, how it is offered (or why not), and its toggle for members who may write. */
export function ExtensionRow({
  extension,
  canWrite,
  busy,
  onToggle,
}: {
  extension: DatabaseExtension
  canWrite: boolean
  busy: boolean
  onToggle: (extension: DatabaseExtension, enable: boolean) => void
}) {
  const enabled = isEnabled(extension)
  const { availability } = extension
  return (
    <li className="flex items-start gap-4 px-4 py-3" data-testid={`extension-row-${extension.name}`}>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-sm font-medium text-neutral-900">{extension.name}</span>
          <Badge
            tone={AVAILABILITY_TONES[availability]}
            title={availability === 'unavailable' ? undefined : AVAILABILITY_DESCRIPTIONS[availability]}
            data-testid="extension-availability"
          >
            {AVAILABILITY_LABELS[availability]}
          </Badge>
          {enabled && extension.schema && extension.installed_version && (
            <span className="text-xs text-neutral-500" data-testid="extension-installed">
              {INSTALLED_IN(extension.schema, extension.installed_version)}
            </span>
          )}
        </div>
        {extension.comment && <p className="text-sm text-neutral-600">{extension.comment}</p>}
        {extension.reason && (
          <p
            className={availability === 'unavailable' ? 'text-xs text-amber-800' : 'text-xs text-neutral-500'}
            data-testid={availability === 'unavailable' ? 'extension-unavailable-reason' : 'extension-purpose'}
          >
            {availability === 'unavailable'
              ? EXTENSION_UNAVAILABLE_MESSAGE(extension.name, extension.reason)
              : extension.reason}
          </p>
        )}
      </div>
      {canToggle(extension, canWrite) && (
        <div className="flex items-center gap-2 pt-0.5">
          {busy && <Spinner className="size-4" />}
          <Switch
            checked={enabled}
            disabled={busy}
            label={TOGGLE_LABEL(extension.name)}
            onCheckedChange={(enable) => onToggle(extension, enable)}
            data-testid="extension-toggle"
          />
        </div>
      )}
    </li>
  )
}
