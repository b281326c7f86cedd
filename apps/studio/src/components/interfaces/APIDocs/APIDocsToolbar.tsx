import { cn } from '../../../lib/cn'
import { Button } from '../../ui/Button'
import {
  GENERATE_TYPES_LABEL,
  HIDE_KEYS_LABEL,
  LANGUAGES,
  SHOW_KEYS_LABEL,
  type SnippetLanguage,
} from './api-docs.constants'

/** Above the docs: the snippet language, showing the keys, and generating types (no GraphiQL link: the Postgres builds here ship no pg_graphql). */
export function APIDocsToolbar({
  language,
  onLanguageChange,
  showKeys,
  onToggleKeys,
  generatingTypes,
  onGenerateTypes,
}: {
  language: SnippetLanguage
  onLanguageChange: (language: SnippetLanguage) => void
  showKeys: boolean
  onToggleKeys: () => void
  generatingTypes: boolean
  onGenerateTypes: () => void
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <fieldset className="flex rounded-md border border-neutral-300">
        <legend className="sr-only">Language</legend>
        {LANGUAGES.map((lang) => (
          <button
            key={lang.id}
            type="button"
            aria-pressed={language === lang.id}
            onClick={() => onLanguageChange(lang.id)}
            className={cn(
              'px-3 py-1.5 text-sm',
              language === lang.id ? 'bg-neutral-900 text-white' : 'bg-white text-neutral-700 hover:bg-neutral-50',
            )}
            data-testid={`api-docs-language-${lang.id}`}
          >
            {lang.label}
          </button>
        ))}
      </fieldset>
      <Button size="sm" aria-pressed={showKeys} onClick={onToggleKeys} data-testid="api-docs-toggle-keys">
        {showKeys ? HIDE_KEYS_LABEL : SHOW_KEYS_LABEL}
      </Button>
      <Button size="sm" loading={generatingTypes} onClick={onGenerateTypes} data-testid="api-docs-generate-types">
        {GENERATE_TYPES_LABEL}
      </Button>
    </div>
  )
}
