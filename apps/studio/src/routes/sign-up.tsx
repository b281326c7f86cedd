import { AuthForm } from '../components/interfaces/Auth/AuthForm'

export default function SignUpRoute() {
  return <AuthForm key="sign-up" mode="sign-up" />
}
