import { StoragePage } from '../components/interfaces/Storage/StoragePage'

export default function ProjectStorageRoute() {
  return <StoragePage />
}
