export type AuthMode = 'login' | 'register' | 'forgot-password';

export function modeFromPath(pathname: string): AuthMode {
  if (pathname.endsWith('/register')) return 'register';
  if (pathname.endsWith('/forgot-password')) return 'forgot-password';
  return 'login';
}

/** Only same-site paths are followed after sign-in. */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}
