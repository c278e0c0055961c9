import { Link, Redirect, useSearchParams } from 'wouter';

import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FullPageSpinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

import { useUser } from '../api/get-user';
import { homePathFor } from '../api/home-path';
import { AuthShowcase } from './auth-showcase';
import { LoginForm } from './login-form';
import { ForgotPasswordForm, ResetPasswordForm } from './password-reset-forms';
import { RegisterForm } from './register-form';

type AuthTab = 'login' | 'register';
type AuthView = AuthTab | 'forgot' | 'reset';

const COPY: Record<AuthView, { title: string; description: string }> = {
  login: { title: 'Welcome back', description: 'Sign in to manage your reviews.' },
  register: {
    title: 'Create your account',
    description: 'Start collecting reviews in minutes. Free to try.',
  },
  forgot: { title: 'Forgot your password?', description: 'It happens. We will email you a link.' },
  reset: { title: 'Choose a new password', description: 'Your other sessions end when you save it.' },
};

export function AuthPage() {
  const { data: user, isLoading } = useUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: AuthTab = searchParams.get('tab') === 'register' ? 'register' : 'login';
  const resetToken = searchParams.get('reset');
  const view: AuthView = resetToken ? 'reset' : searchParams.get('tab') === 'forgot' ? 'forgot' : tab;

  if (isLoading) return <FullPageSpinner />;
  // A signed-in admin goes to /admin, anyone else to /dashboard (seed-spec section 2).
  if (user) return <Redirect to={homePathFor(user)} replace />;

  const selectTab = (value: string) =>
    setSearchParams(value === 'register' ? { tab: 'register' } : {}, { replace: true });

  return (
    <div className="grid min-h-dvh bg-background lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <AuthShowcase />
      <main className="flex items-start justify-center px-4 py-8 sm:items-center sm:px-8 lg:py-12">
        <Card className="w-full max-w-md border-0 bg-transparent shadow-none sm:border sm:bg-card sm:shadow-lg">
          <CardHeader className="px-2 pb-4 sm:px-6">
            <h1 className="text-2xl font-bold tracking-tight">{COPY[view].title}</h1>
            <CardDescription>{COPY[view].description}</CardDescription>
          </CardHeader>
          <CardContent className="px-2 sm:px-6">
            {view === 'reset' ? (
              <ResetPasswordForm token={resetToken!} />
            ) : view === 'forgot' ? (
              <ForgotPasswordForm />
            ) : (
              <Tabs value={tab} onValueChange={selectTab}>
                <TabsList className="grid w-full grid-cols-2">
                  <TabsTrigger value="login">Login</TabsTrigger>
                  <TabsTrigger value="register">Register</TabsTrigger>
                </TabsList>
                <TabsContent value="login" className="pt-2">
                  <LoginForm />
                </TabsContent>
                <TabsContent value="register" className="pt-2">
                  <RegisterForm />
                </TabsContent>
              </Tabs>
            )}
            <p className="mt-6 text-center text-xs text-muted-foreground">
              By continuing you agree to our{' '}
              <Link
                href="/terms-of-service"
                className="font-medium underline underline-offset-4 hover:text-foreground"
              >
                Terms of Service
              </Link>{' '}
              and{' '}
              <Link
                href="/privacy-policy"
                className="font-medium underline underline-offset-4 hover:text-foreground"
              >
                Privacy Policy
              </Link>
              .
            </p>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}

export default AuthPage;
