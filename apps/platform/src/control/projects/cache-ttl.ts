/**
 * How long a service may answer from its own copy of a project's control-plane row: a change to the row (a rotated
 * JWT secret, a new status) reaches every service within this time, and jobs that change it wait this long.
 */
export const PROJECT_CACHE_TTL_MS = 1_000
