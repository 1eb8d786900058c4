import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useState, type ReactNode } from 'react';
import useSWR from 'swr';
import type { AuthResponse, Me } from '../api';
import { paths } from '../api';
import { clearToken, getToken, http, isApiError, onUnauthenticated, setToken } from '../../shared/http';

/** SPEC §3: exactly these four fields, with these starting values. */
export interface AuthState {
  isAuthenticated: boolean;
  checkedAuth: boolean;
  userInfo: Me | null;
  userBalance: number;
}

export const initialAuthState: AuthState = {
  isAuthenticated: false,
  checkedAuth: false,
  userInfo: null,
  userBalance: 0,
};

type Action =
  | { type: 'authenticated'; user: Me }
  | { type: 'unauthenticated' }
  | { type: 'checked' }
  | { type: 'balance'; balance: number; locked?: number }
  | { type: 'logout' };

export function authReducer(state: AuthState, action: Action): AuthState {
  switch (action.type) {
    case 'authenticated':
      return { isAuthenticated: true, checkedAuth: true, userInfo: action.user, userBalance: action.user.balance };
    case 'unauthenticated':
      return { isAuthenticated: false, checkedAuth: true, userInfo: null, userBalance: 0 };
    case 'checked':
      return state.checkedAuth ? state : { ...state, checkedAuth: true };
    case 'balance': {
      const userInfo = state.userInfo ? { ...state.userInfo, balance: action.balance, locked: action.locked ?? state.userInfo.locked } : null;
      return { ...state, userBalance: action.balance, userInfo };
    }
    case 'logout':
      return { ...state, isAuthenticated: false, userInfo: null, userBalance: 0 };
  }
}

export interface AuthValue extends AuthState {
  /** Locked funds (chips at tables + withdrawals awaiting approval), from userInfo. */
  userLocked: number;
  /** Stores the token and user of a login/register answer; the current-user query refetches. */
  signIn: (res: AuthResponse) => void;
  /** Clears balance and token, then reloads the page (SPEC §4). */
  logout: () => void;
  /** BALANCE_UPDATE: applied only if userId is the signed-in user's. Returns whether applied. */
  applyBalanceUpdate: (data: { userId: number | string; balance: number; locked?: number }) => boolean;
  /** Refetches the current user (after a withdrawal, a profile change...). */
  refreshUser: () => Promise<unknown>;
}

const AuthContext = createContext<AuthValue | null>(null);

export interface AuthProviderProps {
  children: ReactNode;
  /** Page reload after logout; injectable for tests. */
  reload?: () => void;
}

export function AuthProvider({ children, reload }: AuthProviderProps) {
  const [state, dispatch] = useReducer(authReducer, initialAuthState);
  // Bumped on sign-in and on 401 so the current-user query is refetched when auth changes (SPEC §4).
  const [authEpoch, setAuthEpoch] = useState(0);
  const hasToken = getToken() !== null;

  const { data, error, mutate } = useSWR<Me>(hasToken ? [paths.me, authEpoch] : null, ([path]: [string]) => http.get<Me>(path), {
    shouldRetryOnError: false,
    revalidateOnFocus: true,
  });

  // Not a transition: pages read the user together with their own data (a tournament's
  // Unregister button with its registration), and a deferred user let them disagree.
  useEffect(() => {
    if (data) dispatch({ type: 'authenticated', user: data });
  }, [data]);

  useEffect(() => {
    if (!error) return;
    if (isApiError(error) && error.status === 401) return; // handled by the signal below
    dispatch({ type: 'checked' });
  }, [error]);

  useEffect(() => {
    if (!hasToken) dispatch({ type: state.isAuthenticated ? 'unauthenticated' : 'checked' });
  }, [hasToken, state.isAuthenticated]);

  // Any 401 from either API marks the session unauthenticated (SPEC §4, §8).
  useEffect(
    () =>
      onUnauthenticated(() => {
        clearToken();
        dispatch({ type: 'unauthenticated' });
        setAuthEpoch((n) => n + 1);
      }),
    [],
  );

  const signIn = useCallback((res: AuthResponse) => {
    setToken(res.accessToken);
    dispatch({ type: 'authenticated', user: res.user });
    setAuthEpoch((n) => n + 1);
  }, []);

  const logout = useCallback(() => {
    clearToken();
    dispatch({ type: 'logout' });
    (reload ?? (() => window.location.reload()))();
  }, [reload]);

  const userId = state.userInfo?.userId;
  const applyBalanceUpdate = useCallback(
    (d: { userId: number | string; balance: number; locked?: number }) => {
      if (userId === undefined || String(d.userId) !== String(userId)) return false;
      dispatch({ type: 'balance', balance: d.balance, locked: d.locked });
      return true;
    },
    [userId],
  );

  const refreshUser = useCallback(() => mutate(), [mutate]);

  const value = useMemo<AuthValue>(
    () => ({
      ...state,
      userLocked: state.userInfo?.locked ?? 0,
      signIn,
      logout,
      applyBalanceUpdate,
      refreshUser,
    }),
    [state, signIn, logout, applyBalanceUpdate, refreshUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const v = useContext(AuthContext);
  if (!v) throw new Error('useAuth outside AuthProvider');
  return v;
}
