import type { Folder } from '@pgfleet/contracts'
import { useRef, useState } from 'react'
import { toast } from 'sonner'
import { useFolderCreateMutation } from '../../../data/content/folder-create-mutation'
import { useFolderUpdateMutation } from '../../../data/content/folder-update-mutation'
import { getErrorMessage } from '../../../data/fetcher'
import type { FolderEdit } from './folder-edit'
import {
  FOLDER_CREATE_FAILED,
  FOLDER_CREATED_MESSAGE,
  FOLDER_SAVE_FAILED,
  FOLDER_UPDATED_MESSAGE,
  NEW_FOLDER_PLACEHOLDER_ID_PREFIX,
} from './sql-editor.constants'
import { checkFolderName } from './sql-editor.utils'

/** The folder being created or renamed in the sidebar, and saving it. */
export function useFolderEdit(projectRef: string, folders: readonly { folder: Folder; depth: number }[]) {
  const [folderEdit, setFolderEdit] = useState<FolderEdit>()
  const folderSeq = useRef(0)
  const createFolder = useFolderCreateMutation()
  const updateFolder = useFolderUpdateMutation()

  const newFolder = () => {
    folderSeq.current += 1
    setFolderEdit({
      id: `${NEW_FOLDER_PLACEHOLDER_ID_PREFIX}${folderSeq.current}`,
      name: '',
      status: 'editing',
      isNew: true,
      previousName: '',
    })
  }

  const saveFolder = (edit: FolderEdit, name: string) => {
    const existing = folders.map(({ folder }) => folder)
    const check = checkFolderName(name, existing, edit.isNew ? undefined : edit.id)
    if (edit.isNew) {
      if (!check.ok) {
        // a new folder with no name, or a taken one, goes away
        setFolderEdit(undefined)
        if (check.message) toast.error(check.message)
        return
      }
      setFolderEdit({ ...edit, name: check.name, status: 'saving' })
      createFolder.mutate(
        { ref: projectRef, name: check.name },
        {
          onSuccess: () => toast.success(FOLDER_CREATED_MESSAGE),
          onError: (error) => toast.error(FOLDER_CREATE_FAILED(getErrorMessage(error))),
          onSettled: () => setFolderEdit(undefined),
        },
      )
      return
    }
    if (!check.ok || check.name === edit.previousName) {
      // an empty, unchanged or taken name leaves the folder as it was
      setFolderEdit(undefined)
      if (check.ok === false && check.message) toast.error(check.message)
      return
    }
    setFolderEdit({ ...edit, name: check.name, status: 'saving' })
    updateFolder.mutate(
      { ref: projectRef, id: edit.id, name: check.name },
      {
        onSuccess: () => toast.success(FOLDER_UPDATED_MESSAGE),
        // the previous name comes back with the folder list
        onError: (error) => toast.error(FOLDER_SAVE_FAILED(getErrorMessage(error))),
        onSettled: () => setFolderEdit(undefined),
      },
    )
  }

  return { folderEdit, setFolderEdit, newFolder, saveFolder }
}
