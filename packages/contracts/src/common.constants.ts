// The plain values of common.ts, apart from its zod schemas, so the dashboard's first paint can import
// them without loading zod.

/** Texts for missing required values, shared by every screen. */
export const REQUIRED_VALUE_MESSAGES = {
  projectRef: 'Project ref is required',
  project: 'Project is required',
  profile: 'Profile is required',
  projectRefCamel: 'projectRef is required',
  slug: 'slug is required',
  organizationSlug: 'Organization slug is required',
} as const

/** A serial id of the control plane: a positive 32-bit integer (a bigger number would fail in the database). */
export const MAX_ROW_ID = 2_147_483_647
