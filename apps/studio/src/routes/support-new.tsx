import { SupportForm } from '../components/interfaces/Support/SupportForm'

export default function SupportNewRoute() {
  return <SupportForm />
}
