import { HIBERNATION_ANNOTATION, RESTARTED_AT_ANNOTATION } from './names'

/**
 * JSON merge patches (RFC 7386) on a Cluster's annotations. CloudNativePG hibernates a Cluster whose
 * `cnpg.io/hibernation` is `on`: it deletes the pods and keeps the PVCs. `null` removes the annotation, which
 * brings the pods back on the same volumes.
 */
export function hibernationPatch(on: boolean): { metadata: { annotations: Record<string, string | null> } } {
  return { metadata: { annotations: { [HIBERNATION_ANNOTATION]: on ? 'on' : null } } }
}

/** CloudNativePG restarts every instance (a rolling restart, the primary last) when this annotation changes. */
export function restartPatch(at: Date): { metadata: { annotations: Record<string, string> } } {
  return { metadata: { annotations: { [RESTARTED_AT_ANNOTATION]: at.toISOString() } } }
}

export function isHibernated(annotations: Record<string, string> | undefined): boolean {
  return annotations?.[HIBERNATION_ANNOTATION] === 'on'
}
