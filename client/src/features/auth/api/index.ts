export { userQueryKey, userQueryOptions, useUser } from './get-user';
export { homePathFor } from './home-path';
export { login, useLogin } from './login';
export { logout, useLogout } from './logout';
export { register, useRegister } from './register';
export { useResendVerification, useVerifyEmail } from './verify-email';
