import { useParams } from 'react-router'
import { BucketBrowserPage } from '../components/interfaces/Storage/browser/BucketBrowserPage'

/** Keyed by bucket: another bucket gets a fresh page (its own upload queue, selection and preview). */
export default function ProjectStorageBucketRoute() {
  const { ref, id } = useParams()
  return <BucketBrowserPage key={`${ref}/${id}`} />
}
