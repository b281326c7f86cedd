import { PREVIEW_EMPTY, PREVIEW_FRAME_TITLE, PREVIEW_TITLE, PREVIEW_VALUES } from './auth-settings.constants'
import { renderTemplatePreview } from './auth-settings.utils'

/**
 * The email as a mail client would show it. The template is the member's own HTML: it is drawn in a frame with
 * every sandbox permission withheld (no scripts, no forms, a unique origin), never as the dashboard.
 */
export function TemplatePreview({ template }: { template: string }) {
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-medium text-neutral-800">{PREVIEW_TITLE}</p>
      {template.trim() === '' ? (
        <p className="rounded-md border border-dashed border-neutral-300 px-3 py-6 text-center text-sm text-neutral-500">
          {PREVIEW_EMPTY}
        </p>
      ) : (
        <iframe
          title={PREVIEW_FRAME_TITLE}
          sandbox=""
          referrerPolicy="no-referrer"
          srcDoc={renderTemplatePreview(template, PREVIEW_VALUES)}
          className="h-72 w-full rounded-md border border-neutral-200 bg-white"
          data-testid="template-preview"
        />
      )}
    </div>
  )
}
