import {
  AUTH_CONFIG_DEFAULTS,
  AUTH_SECRET_FIELDS,
  AUTH_SECRET_MASK,
  ProjectAuthConfig,
  UNSUPPORTED_AUTH_FIELDS,
} from '@pgfleet/contracts'

/**
 * A project's auth settings: the control plane stores what differs from the defaults; GET answers the whole
 * object (secrets masked); PATCH takes any part of it, including the whole object GET answered.
 */

const KNOWN_FIELDS = new Set(Object.keys(ProjectAuthConfig.shape))

/** Stored overrides over the defaults; a stored field that no longer validates falls back to its default. */
export function resolveAuthConfig(stored: Record<string, unknown>): ProjectAuthConfig {
  const merged: Record<string, unknown> = { ...AUTH_CONFIG_DEFAULTS }
  for (const [field, value] of Object.entries(stored)) {
    if (!KNOWN_FIELDS.has(field)) continue
    const shape = ProjectAuthConfig.shape[field as keyof ProjectAuthConfig]
    if (shape.safeParse(value).success) merged[field] = value
  }
  return merged as ProjectAuthConfig
}

/** The object GET answers: every field, secrets replaced by the mask when set. */
export function publicAuthConfig(config: ProjectAuthConfig): Record<string, unknown> {
  const answer: Record<string, unknown> = { ...config }
  for (const field of AUTH_SECRET_FIELDS) if (answer[field]) answer[field] = AUTH_SECRET_MASK
  return answer
}

export class AuthConfigError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'AuthConfigError'
  }
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/**
 * The overrides after a PATCH. A secret sent back as the mask keeps the stored secret; a hosted field pgfleet does
 * not support is accepted only at its "off" value; an unknown field only as null; anything else is refused with
 * the field's name.
 */
export function applyAuthConfigPatch(
  stored: Record<string, unknown>,
  patch: Record<string, unknown>,
  validateTemplate: (text: string) => string | null = () => null,
): Record<string, unknown> {
  const current = resolveAuthConfig(stored)
  const next: Record<string, unknown> = { ...current }
  const refused: string[] = []
  for (const [field, value] of Object.entries(patch)) {
    if (KNOWN_FIELDS.has(field)) {
      if (AUTH_SECRET_FIELDS.includes(field) && value === AUTH_SECRET_MASK) continue
      const shape = ProjectAuthConfig.shape[field as keyof ProjectAuthConfig]
      const parsed = shape.safeParse(value)
      if (!parsed.success) {
        refused.push(`${field}: ${parsed.error.issues[0]?.message ?? 'invalid value'}`)
        continue
      }
      if (field.startsWith('mailer_templates_') && typeof parsed.data === 'string') {
        const problem = validateTemplate(parsed.data)
        if (problem) {
          refused.push(`${field}: ${problem}`)
          continue
        }
      }
      next[field] = parsed.data
    } else if (field in UNSUPPORTED_AUTH_FIELDS) {
      if (!sameValue(value, UNSUPPORTED_AUTH_FIELDS[field])) refused.push(`${field}: not supported by this platform`)
    } else if (value !== null && value !== undefined) {
      refused.push(`${field}: not a known setting`)
    }
  }
  if (refused.length > 0) throw new AuthConfigError(`These settings cannot be applied: ${refused.join('; ')}`)
  const overrides: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(next)) {
    if (!sameValue(value, (AUTH_CONFIG_DEFAULTS as Record<string, unknown>)[field])) overrides[field] = value
  }
  return overrides
}

/** The redirect targets a project allows: its site URL and the allow list's entries (globs with `*`). */
export function allowListOf(config: ProjectAuthConfig): string[] {
  return [config.site_url, ...config.uri_allow_list.split(',')].map((entry) => entry.trim()).filter(Boolean)
}
