import { RateLimitsPage } from '../components/interfaces/AuthSettings/RateLimitsPage'

export default function ProjectAuthRateLimitsRoute() {
  return <RateLimitsPage />
}
