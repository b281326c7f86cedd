import { BucketBrowserPage } from '../components/interfaces/Storage/browser/BucketBrowserPage'

export default function ProjectStorageBucketRoute() {
  return <BucketBrowserPage />
}
