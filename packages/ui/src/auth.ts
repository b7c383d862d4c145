import { useQuery } from '@tanstack/react-query';
import type { AuthUser } from '@afterglow/contracts';
import { getQueryFn } from './api';

export const AUTH_KEY = ['/api/auth/user'] as const;

/** The signed-in user, or null. Asked once (no retry); shared by the shell and every remote. */
export function useAuth() {
  const q = useQuery<AuthUser | null>({
    queryKey: AUTH_KEY,
    queryFn: getQueryFn<AuthUser | null>({ on401: 'returnNull' }),
    retry: false,
  });
  return { user: q.data ?? null, isLoading: q.isLoading, isAuthenticated: !!q.data };
}

/** Login and logout are browser navigations (spec section 2). */
export const loginHref = (returnTo?: string) =>
  returnTo ? `/api/login?returnTo=${encodeURIComponent(returnTo)}` : '/api/login';
export const LOGOUT_HREF = '/api/logout';
