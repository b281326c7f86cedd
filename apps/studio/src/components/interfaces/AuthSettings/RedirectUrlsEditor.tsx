import { useState } from 'react'
import { Button } from '../../ui/Button'
import { Input } from '../../ui/Input'
import {
  ADD_REDIRECT_URL_LABEL,
  NO_REDIRECT_URLS,
  REDIRECT_URL_LABEL,
  REMOVE_REDIRECT_URL_LABEL,
} from './auth-settings.constants'
import { joinRedirectUrls, parseRedirectUrls, redirectUrlProblem } from './auth-settings.utils'

/** The allow list one URL a row: add (checked first) and remove; the stored form stays comma-separated. */
export function RedirectUrlsEditor({
  value,
  onChange,
  disabled,
}: {
  value: string
  onChange: (value: string) => void
  disabled: boolean
}) {
  const urls = parseRedirectUrls(value)
  const [entry, setEntry] = useState('')
  const [problem, setProblem] = useState<string>()

  const add = () => {
    const found = redirectUrlProblem(entry, urls)
    if (found) {
      setProblem(found)
      return
    }
    onChange(joinRedirectUrls([...urls, entry.trim()]))
    setEntry('')
    setProblem(undefined)
  }

  return (
    <div className="space-y-3">
      {urls.length === 0 ? (
        <p className="text-sm text-neutral-600" data-testid="no-redirect-urls">
          {NO_REDIRECT_URLS}
        </p>
      ) : (
        <ul className="divide-y divide-neutral-200 rounded-md border border-neutral-200" data-testid="redirect-urls">
          {urls.map((url) => (
            <li key={url} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span className="truncate font-mono text-xs text-neutral-800" data-testid="redirect-url">
                {url}
              </span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={REMOVE_REDIRECT_URL_LABEL(url)}
                disabled={disabled}
                onClick={() => onChange(joinRedirectUrls(urls.filter((other) => other !== url)))}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex items-start gap-2">
        <Input
          label={REDIRECT_URL_LABEL}
          hideLabel
          placeholder="https://app.example.com/auth/callback"
          value={entry}
          error={problem}
          disabled={disabled}
          onChange={(event) => {
            setEntry(event.target.value)
            setProblem(undefined)
          }}
          onKeyDown={(event) => {
            // Enter adds the URL here instead of saving the whole form
            if (event.key === 'Enter') {
              event.preventDefault()
              add()
            }
          }}
          fieldClassName="flex-1"
          data-testid="redirect-url-input"
        />
        <Button onClick={add} disabled={disabled || entry.trim() === ''} data-testid="redirect-url-add">
          {ADD_REDIRECT_URL_LABEL}
        </Button>
      </div>
    </div>
  )
}
