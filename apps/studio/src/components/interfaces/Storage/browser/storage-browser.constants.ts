/** The storage browser's words, in one place for the page and its tests. */
export const BROWSER_BACK_LABEL = 'All buckets'
export const UPLOAD_LABEL = 'Upload files'
export const NEW_FOLDER_LABEL = 'New folder'
export const MOVE_LABEL = 'Move'
export const RENAME_LABEL = 'Rename'
export const DELETE_LABEL = 'Delete'
export const DOWNLOAD_LABEL = 'Download'
export const DROP_HINT = 'Drop files here to upload them to this folder'
export const EMPTY_FOLDER_MESSAGE = 'This folder is empty'
export const LOAD_FOLDER_FAILED = 'Could not load this folder'
export const LOAD_MORE_FAILED = 'Could not load more objects'
export const BUCKET_NOT_FOUND = (id: string) => `Bucket ${id} not found`
export const READ_ONLY_NOTE =
  'You can browse and download objects. Uploading, moving, renaming and deleting need the Developer role or above.'
export const NO_PREVIEW_MESSAGE = 'No preview for this type of file. Download it instead.'
export const PREVIEW_TOO_LARGE = 'This file is too large to preview. Download it instead.'
export const PREVIEW_FAILED = 'Could not load the preview'
export const COPY_PUBLIC_URL_LABEL = 'Copy public URL'
export const COPY_SIGNED_URL_LABEL = 'Copy signed URL'
export const URL_COPIED = 'URL copied to the clipboard'
export const COPY_FAILED = (message: string) => `Could not copy the URL: ${message}`
export const UPLOADS_TITLE = 'Uploads'
export const UPLOAD_DONE = (count: number) => `${count} ${count === 1 ? 'file' : 'files'} uploaded`
export const CREATE_FOLDER_FAILED = (message: string) => `Could not create the folder: ${message}`
export const DELETE_FAILED = (message: string) => `Could not delete: ${message}`
export const MOVE_FAILED = (count: number, message: string) =>
  `${count} ${count === 1 ? 'object was' : 'objects were'} not moved: ${message}`
export const FOLDER_MOVE_CHECK_FAILED = (message: string) => `Could not check the move: ${message}`
export const FOLDER_MOVE_NOTHING_MOVED = (check: { conflictCount: number; objects: number; to: string }) =>
  `Nothing can be moved: ${check.conflictCount} of ${check.objects} ${check.objects === 1 ? 'object' : 'objects'} cannot move to ${check.to}/`
export const FOLDER_MOVING = (objects: number) => `Moving ${objects} ${objects === 1 ? 'object' : 'objects'}…`
export const FOLDER_MOVED = (objects: number, to: string) =>
  `Moved ${objects} ${objects === 1 ? 'object' : 'objects'} to ${to}/`
export const MOVE_FOLDER_LABEL = 'Move folder'
export const RENAME_FOLDER_LABEL = 'Rename folder'
export const DOWNLOAD_FAILED = (message: string) => `Could not download the file: ${message}`

/** Expiries offered for a signed URL. */
export const SIGNED_URL_EXPIRIES = [
  { value: '3600', label: '1 hour' },
  { value: '86400', label: '1 day' },
  { value: '604800', label: '1 week' },
  { value: '2592000', label: '30 days' },
  { value: '31536000', label: '1 year' },
] as const

/** Long enough to load a preview, short enough not to matter if it leaks. */
export const PREVIEW_URL_EXPIRY_S = 300
export const DOWNLOAD_URL_EXPIRY_S = 60
/** Text and JSON above this size are not previewed. */
export const MAX_TEXT_PREVIEW_BYTES = 1024 * 1024
/** PDFs and images above this size are not previewed. */
export const MAX_BINARY_PREVIEW_BYTES = 25 * 1024 * 1024
export const ROW_HEIGHT_PX = 32
