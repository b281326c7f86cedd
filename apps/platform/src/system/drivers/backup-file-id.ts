/** The driver knows a backup by its file name; the control plane stores the path it was given. */
export function fileId(file: string): string {
  return file.slice(file.lastIndexOf('/') + 1)
}
