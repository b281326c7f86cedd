/** Folder editing states: a new folder is created on save, an existing one renamed. */
export type FolderEdit = {
  id: string
  name: string
  status: 'editing' | 'saving'
  isNew: boolean
  previousName: string
}
