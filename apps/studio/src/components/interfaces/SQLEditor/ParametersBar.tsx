import { PARAMETER_PLACEHOLDER, PARAMETERS_TITLE } from './sql-editor.constants'
import type { ParameterField } from './sql-editor.utils'

/** One field per `:name` placeholder or `@set` directive; an enum type (`a|b|c`) is a select. */
export function ParametersBar({
  fields,
  onChange,
}: {
  fields: readonly ParameterField[]
  onChange: (name: string, value: string) => void
}) {
  if (fields.length === 0) return null
  return (
    <fieldset
      className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-neutral-200 bg-neutral-50 px-3 py-2"
      data-testid="parameters-bar"
    >
      <legend className="sr-only">{PARAMETERS_TITLE}</legend>
      <span aria-hidden="true" className="text-xs font-medium text-neutral-600">
        {PARAMETERS_TITLE}
      </span>
      {fields.map((field) => {
        const id = `sql-parameter-${field.name}`
        return (
          <div key={field.name} className="flex items-center gap-1.5 text-xs">
            <label htmlFor={id} className="font-mono text-neutral-700">
              :{field.name}
              {field.type && field.type !== 'enum' && <span className="text-neutral-400">:{field.type}</span>}
            </label>
            {field.type === 'enum' ? (
              <select
                id={id}
                value={field.value}
                onChange={(event) => onChange(field.name, event.target.value)}
                className="rounded border border-neutral-300 bg-white px-1.5 py-1 font-mono"
              >
                {field.possibleValues.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                value={field.value}
                placeholder={field.defaultValue ?? PARAMETER_PLACEHOLDER}
                onChange={(event) => onChange(field.name, event.target.value)}
                className="w-36 rounded border border-neutral-300 bg-white px-1.5 py-1 font-mono"
                spellCheck={false}
              />
            )}
          </div>
        )
      })}
    </fieldset>
  )
}
