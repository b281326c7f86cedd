import { backupOf, type DraftBackup, isDirty, isForeignDraft } from './sql-editor-save-queue'
import { get } from './sql-editor-state'

// ---- localStorage backup: unsaved work survives a reload, a crash, or a save that never landed ----

const BACKUP_STORAGE_KEY = 'pgfleet.sql-editor.unsaved'

export function readBackups(): Record<string, DraftBackup> {
  if (typeof localStorage === 'undefined') return {}
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(BACKUP_STORAGE_KEY) ?? '{}')
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, DraftBackup>) : {}
  } catch {
    return {}
  }
}

export function writeBackups(backups: Record<string, DraftBackup>) {
  if (typeof localStorage === 'undefined') return
  try {
    if (Object.keys(backups).length === 0) localStorage.removeItem(BACKUP_STORAGE_KEY)
    else localStorage.setItem(BACKUP_STORAGE_KEY, JSON.stringify(backups))
  } catch {
    // storage full or disabled: the save queue still runs, only the reload safety net is lost
  }
}

export function syncBackup(id: string) {
  if (get().scratch[id]) return
  const draft = get().drafts[id]
  // nothing of it will ever be saved: keeping a copy would only pile up
  if (draft && (isForeignDraft(draft, get().currentUserId) || get().readOnlyProjects[draft.projectRef])) return
  const backups = readBackups()
  if (draft && isDirty(draft)) backups[id] = backupOf(draft, Date.now())
  else if (backups[id]) delete backups[id]
  else return
  writeBackups(backups)
}

export function backupFor(id: string): DraftBackup | undefined {
  return readBackups()[id]
}

/** Unsaved drafts of a project left by an earlier visit (new queries never saved included). */
export function backupsOfProject(projectRef: string): DraftBackup[] {
  return Object.values(readBackups()).filter((backup) => backup.projectRef === projectRef)
}
