import { isFlagOn, useFlag } from '../../../lib/use-flag'
import { ASSISTANT_TEXTS, QUICKSTART_CHIPS, SUGGESTION_GROUPS } from './assistant.constants'

/** The welcome screen: quickstart chips and, unless the platform turns them off, suggestions by topic. */
export function EmptyState({ onPick }: { onPick: (prompt: string, send: boolean) => void }) {
  const promptsDisabled = isFlagOn(useFlag('disableAssistantPrompts'))
  return (
    <div className="space-y-5 p-4" data-testid="assistant-empty-state">
      <h3 className="text-base font-semibold text-neutral-900">{ASSISTANT_TEXTS.emptyState}</h3>
      <div className="flex flex-wrap gap-2">
        {QUICKSTART_CHIPS.map((chip) => (
          <button
            key={chip.label}
            type="button"
            onClick={() => onPick(chip.prompt, false)}
            className="rounded-full border border-neutral-300 px-3 py-1 text-xs text-neutral-700 hover:bg-neutral-100"
          >
            {chip.label}
          </button>
        ))}
      </div>
      {!promptsDisabled &&
        SUGGESTION_GROUPS.map((group) => (
          <section key={group.title} aria-label={group.title} className="space-y-1.5">
            <h4 className="text-xs font-semibold tracking-wide text-neutral-500 uppercase">{group.title}</h4>
            <ul className="space-y-1">
              {group.prompts.map((prompt) => (
                <li key={prompt}>
                  <button
                    type="button"
                    onClick={() => onPick(prompt, true)}
                    className="w-full rounded-md border border-neutral-200 px-3 py-2 text-left text-sm text-neutral-700 hover:border-neutral-300 hover:bg-neutral-50"
                  >
                    {prompt}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
    </div>
  )
}
