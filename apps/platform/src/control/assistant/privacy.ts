import { AI_SQL_OPT_IN_TAG, PG_META_SYSTEM_SCHEMAS } from '@pgfleet/contracts'

/** Schemas never described to a model, whatever a project chose: Postgres's own and the platform's. */
export const NEVER_SHARED_SCHEMAS: readonly string[] = PG_META_SYSTEM_SCHEMAS

export interface MetadataPolicyInput {
  /** the caller asked for metadata to be included */
  requested: boolean
  optInTags: readonly string[]
  hipaaAddon: boolean
  /** the project's chosen schemas */
  schemas: readonly string[]
}

export type MetadataPolicy =
  | { allowed: true; schemas: string[] }
  | { allowed: false; reason: 'not-requested' | 'not-opted-in' | 'hipaa' | 'no-schemas' }

/**
 * Whether schema metadata may leave for the model, and for which schemas. The server decides this on every call
 * (the dashboard's switches are only a view of it): an organization that has not opted in, or has the HIPAA
 * add-on, never sends any; others send only the schemas the project chose, never the system ones.
 */
export function metadataPolicy(input: MetadataPolicyInput): MetadataPolicy {
  if (input.hipaaAddon) return { allowed: false, reason: 'hipaa' }
  if (!input.optInTags.includes(AI_SQL_OPT_IN_TAG)) return { allowed: false, reason: 'not-opted-in' }
  if (!input.requested) return { allowed: false, reason: 'not-requested' }
  const schemas = [...new Set(input.schemas)].filter((schema) => !NEVER_SHARED_SCHEMAS.includes(schema)).sort()
  if (schemas.length === 0) return { allowed: false, reason: 'no-schemas' }
  return { allowed: true, schemas }
}

/** Whether the organization may send metadata at all (what check-api-key reports). */
export const metadataAllowedFor = (optInTags: readonly string[], hipaaAddon: boolean): boolean =>
  !hipaaAddon && optInTags.includes(AI_SQL_OPT_IN_TAG)
