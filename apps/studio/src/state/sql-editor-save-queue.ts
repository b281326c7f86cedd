import {
  SNIPPET_CONFLICT_MESSAGE,
  SNIPPET_SCHEMA_VERSION,
  type Snippet,
  type SnippetVisibility,
  type UpdateSnippetBody,
} from '@pgfleet/contracts'

/**
 * The save queue's state machine, without timers or requests (the store drives those):
 * IDLE → UPDATING when a save starts; back to IDLE when it lands, UPDATING_FAILED when it fails.
 * A save carries the server version its edit started from, so a conflicting edit elsewhere answers 409
 * and the user chooses, instead of one side silently overwriting the other.
 */
export type SaveStatus = 'IDLE' | 'UPDATING' | 'UPDATING_FAILED'

/** What the user edits. */
export type SnippetFields = {
  name: string
  description: string
  visibility: SnippetVisibility
  folder_id: string | null
  favorite: boolean
  sql: string
}

export type SnippetDraft = SnippetFields & {
  id: string
  projectRef: string
  /** the server version these fields are based on; null while the snippet does not exist on the server */
  baseVersion: number | null
  owner_id: number | null
  owner_name: string | null
  inserted_at: string | null
  updated_at: string | null
  /** +1 on every local edit */
  revision: number
  /** the newest revision the server has */
  savedRevision: number
  /** the revision a running save sends */
  inFlightRevision: number | null
  status: SaveStatus
  /** failed attempts in a row, for the backoff */
  attempts: number
  error: string | null
  /** a failure that may pass on its own (network, 5xx): retried with backoff */
  retryable: boolean
  /** the server's snippet when a save conflicted: the user picks a side */
  conflict: Snippet | null
  /** +1 when the text is replaced from outside the editor (their version, a template), so the editor reloads it */
  textEpoch: number
}

export function fieldsOf(snippet: Snippet): SnippetFields {
  return {
    name: snippet.name,
    description: snippet.description,
    visibility: snippet.visibility,
    folder_id: snippet.folder_id,
    favorite: snippet.favorite,
    sql: snippet.content.sql,
  }
}

export function draftFromServer(snippet: Snippet, projectRef: string): SnippetDraft {
  return {
    ...fieldsOf(snippet),
    id: snippet.id,
    projectRef,
    baseVersion: snippet.version,
    owner_id: snippet.owner_id,
    owner_name: snippet.owner.username,
    inserted_at: snippet.inserted_at,
    updated_at: snippet.updated_at,
    revision: 0,
    savedRevision: 0,
    inFlightRevision: null,
    status: 'IDLE',
    attempts: 0,
    error: null,
    retryable: false,
    conflict: null,
    textEpoch: 0,
  }
}

/** A snippet that exists only here until its first save lands. */
export function newDraft(
  id: string,
  projectRef: string,
  fields: Partial<SnippetFields> & Pick<SnippetFields, 'name'>,
): SnippetDraft {
  return {
    description: '',
    visibility: 'user',
    folder_id: null,
    favorite: false,
    sql: '',
    ...fields,
    id,
    projectRef,
    baseVersion: null,
    owner_id: null,
    owner_name: null,
    inserted_at: null,
    updated_at: null,
    revision: 0,
    savedRevision: 0,
    inFlightRevision: null,
    status: 'IDLE',
    attempts: 0,
    error: null,
    retryable: false,
    conflict: null,
    textEpoch: 0,
  }
}

export const isDirty = (draft: SnippetDraft) => draft.revision !== draft.savedRevision

/** Someone else's snippet (shared with the project): it can be run and edited here, only its owner saves it. */
export function isForeignDraft(draft: SnippetDraft, currentUserId: number | null): boolean {
  return draft.owner_id !== null && currentUserId !== null && draft.owner_id !== currentUserId
}
export const isOnServer = (draft: SnippetDraft) => draft.baseVersion !== null

/** Whether a save may start now: something changed, no save is running and no conflict waits for the user. */
export function canStartSave(draft: SnippetDraft): boolean {
  return isDirty(draft) && draft.status !== 'UPDATING' && draft.conflict === null
}

/** Whether a patch changes anything besides the SQL text. */
export function changesMoreThanSql(draft: SnippetFields, patch: Partial<SnippetFields>): boolean {
  return (Object.keys(patch) as (keyof SnippetFields)[]).some((key) => key !== 'sql' && patch[key] !== draft[key])
}

export function applyEdit(
  draft: SnippetDraft,
  patch: Partial<SnippetFields>,
  { external = false }: { external?: boolean } = {},
): SnippetDraft {
  const changed = (Object.keys(patch) as (keyof SnippetFields)[]).some((key) => patch[key] !== draft[key])
  if (!changed) return draft
  return {
    ...draft,
    ...patch,
    revision: draft.revision + 1,
    textEpoch: external && patch.sql !== undefined ? draft.textEpoch + 1 : draft.textEpoch,
  }
}

/** The body of a save: every field (so a retried or out-of-order save is whole), and the version it edited. */
export function saveBody(draft: SnippetDraft): UpdateSnippetBody {
  return {
    id: draft.id,
    type: 'sql',
    name: draft.name,
    description: draft.description,
    visibility: draft.visibility,
    folder_id: draft.folder_id,
    favorite: draft.favorite,
    content: { sql: draft.sql, favorite: draft.favorite, schema_version: SNIPPET_SCHEMA_VERSION },
    ...(draft.baseVersion !== null ? { version: draft.baseVersion } : {}),
  }
}

export function beginSave(draft: SnippetDraft): { draft: SnippetDraft; body: UpdateSnippetBody } {
  return {
    draft: { ...draft, status: 'UPDATING', inFlightRevision: draft.revision },
    body: saveBody(draft),
  }
}

/** The server has the sent revision; edits made meanwhile stay dirty and queue the next save. */
export function saveSucceeded(draft: SnippetDraft, saved: Snippet): SnippetDraft {
  return {
    ...draft,
    baseVersion: saved.version,
    owner_id: saved.owner_id,
    owner_name: saved.owner.username,
    inserted_at: saved.inserted_at,
    updated_at: saved.updated_at,
    savedRevision: draft.inFlightRevision ?? draft.savedRevision,
    inFlightRevision: null,
    status: 'IDLE',
    attempts: 0,
    error: null,
    retryable: false,
  }
}

export function saveFailed(draft: SnippetDraft, message: string, retryable: boolean): SnippetDraft {
  return {
    ...draft,
    inFlightRevision: null,
    status: 'UPDATING_FAILED',
    attempts: draft.attempts + 1,
    error: message,
    retryable,
  }
}

function sameFields(fields: SnippetFields, snippet: Snippet): boolean {
  const theirs = fieldsOf(snippet)
  return (Object.keys(theirs) as (keyof SnippetFields)[]).every((key) => theirs[key] === fields[key])
}

/**
 * Someone else saved since this edit started: nothing is overwritten until the user chooses. When the
 * server already holds exactly this text (a save sent as the page closed landed, or both sides typed the
 * same), there is nothing to choose: the draft is saved as of the server's version.
 */
export function saveConflicted(draft: SnippetDraft, current: Snippet): SnippetDraft {
  if (sameFields(draft, current)) return saveSucceeded(draft, current)
  return {
    ...draft,
    inFlightRevision: null,
    status: 'UPDATING_FAILED',
    error: SNIPPET_CONFLICT_MESSAGE,
    retryable: false,
    conflict: current,
  }
}

/** Keep mine: the next save overwrites their version, knowingly (it is based on it now). */
export function keepMine(draft: SnippetDraft): SnippetDraft {
  if (!draft.conflict) return draft
  return {
    ...draft,
    baseVersion: draft.conflict.version,
    conflict: null,
    status: 'IDLE',
    attempts: 0,
    error: null,
    revision: draft.revision + 1,
  }
}

/** Take theirs: local edits are dropped and the editor shows their text. */
export function takeTheirs(draft: SnippetDraft): SnippetDraft {
  const current = draft.conflict
  if (!current) return draft
  return {
    ...draft,
    ...fieldsOf(current),
    baseVersion: current.version,
    updated_at: current.updated_at,
    conflict: null,
    status: 'IDLE',
    attempts: 0,
    error: null,
    savedRevision: draft.revision,
    textEpoch: draft.textEpoch + 1,
  }
}

/**
 * A snippet read from the server while a draft of it is here: a clean draft follows the server,
 * a dirty one is kept (its next save tells whether the two collide).
 */
export function mergeServerSnippet(
  draft: SnippetDraft | undefined,
  snippet: Snippet,
  projectRef: string,
): SnippetDraft {
  if (!draft) return draftFromServer(snippet, projectRef)
  if (isDirty(draft) || draft.status === 'UPDATING' || draft.conflict) return draft
  if (draft.baseVersion !== null && draft.baseVersion >= snippet.version) return draft
  const fresh = draftFromServer(snippet, projectRef)
  return {
    ...fresh,
    revision: draft.revision,
    savedRevision: draft.revision,
    textEpoch: snippet.content.sql === draft.sql ? draft.textEpoch : draft.textEpoch + 1,
  }
}

/** Exponential backoff: 1 s, 2 s, 4 s, ... capped. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1))
}

/** Network failures, timeouts, rate limits and server errors may pass; other 4xx answers will not. */
export function isRetryableStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500
}

export type SaveIndicator = 'saved' | 'unsaved' | 'saving' | 'failed' | 'conflict'

/** What the editor shows: 'unsaved' from the first keystroke (`typing`) until the save lands. */
export function saveIndicator(draft: SnippetDraft, typing: boolean): SaveIndicator {
  if (draft.conflict) return 'conflict'
  if (draft.status === 'UPDATING') return 'saving'
  if (draft.status === 'UPDATING_FAILED') return 'failed'
  return typing || isDirty(draft) ? 'unsaved' : 'saved'
}

/** What survives a reload in localStorage until the save lands. */
export type DraftBackup = SnippetFields & {
  id: string
  projectRef: string
  baseVersion: number | null
  savedAt: number
}

export function backupOf(draft: SnippetDraft, now: number): DraftBackup {
  return {
    id: draft.id,
    projectRef: draft.projectRef,
    name: draft.name,
    description: draft.description,
    visibility: draft.visibility,
    folder_id: draft.folder_id,
    favorite: draft.favorite,
    sql: draft.sql,
    baseVersion: draft.baseVersion,
    savedAt: now,
  }
}

/**
 * Brings back unsaved work after a reload. The draft stays based on the version it was edited from:
 * when the server moved on meanwhile, its save conflicts and the user chooses.
 */
export function restoreBackup(backup: DraftBackup, server: Snippet | undefined): SnippetDraft {
  const base = server ? draftFromServer(server, backup.projectRef) : newDraft(backup.id, backup.projectRef, backup)
  const restored: SnippetDraft = {
    ...base,
    name: backup.name,
    description: backup.description,
    visibility: backup.visibility,
    folder_id: backup.folder_id,
    favorite: backup.favorite,
    sql: backup.sql,
    baseVersion: server ? backup.baseVersion : null,
  }
  // the server may already have it: a save sent as the page closed can land after the backup was written
  if (server !== undefined && sameFields(backup, server)) return { ...restored, baseVersion: server.version }
  return { ...restored, revision: 1, savedRevision: 0 }
}
