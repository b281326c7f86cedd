import { AuthForm } from '../components/interfaces/Auth/AuthForm'

export default function SignInRoute() {
  return <AuthForm key="sign-in" mode="sign-in" />
}
