// What react-admin would otherwise learn in several rounds after its first render (issue 32): each
// round was a synchronous re-render of the whole layout, because react-query's answers and the
// resources' registration in an effect are not transitions. The gate (Root.tsx) has already
// asked /me, so the role, the session check, every canAccess answer and the resources'
// definitions are known before react-admin renders, and its first render is its last.
import { QueryClient } from '@tanstack/react-query';
import { Resource, type ResourceDefinition, type ResourceProps } from 'react-admin';
import type { Me } from '../shared/api/user';
import { can } from './auth/permissions';

/** How long a seeded answer holds before react-admin asks the auth provider (its /me cache, 30 s). */
export const AUTH_FRESH_MS = 30_000;

/**
 * react-admin's query client with the auth queries answered from `me`: `getPermissions` (the
 * role), `checkAuth`, and each `canAccess` as permissions.ts answers it (the auth provider's own
 * answer for the same role). After AUTH_FRESH_MS they are asked again as before.
 */
export function adminQueryClient(me: Pick<Me, 'role'> | null): QueryClient {
  const client = new QueryClient();
  if (!me) return client;
  client.setQueryDefaults(['auth'], { staleTime: AUTH_FRESH_MS });
  // usePermissions() and useAuthState() use these keys with their empty default params.
  client.setQueryData(['auth', 'getPermissions', {}], me.role);
  client.setQueryData(['auth', 'checkAuth', {}], true);
  const seededAt = Date.now();
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'added' || Date.now() - seededAt > AUTH_FRESH_MS) return;
    const [scope, kind, params] = event.query.queryKey as [unknown, unknown, { resource?: string; action?: string; recordId?: unknown } | undefined];
    if (scope !== 'auth' || kind !== 'canAccess' || !params?.action || event.query.state.data !== undefined) return;
    event.query.setData(params.resource ? can(me.role, params.resource, params.action) : true);
  });
  return client;
}

/** The definitions <Resource> registers in an effect, known at once (the same function makes them). */
export function resourceDefinitions(resources: ResourceProps[], role: string | undefined): Record<string, ResourceDefinition> {
  const register = (Resource as unknown as { registerResource: (p: ResourceProps, perm: unknown) => ResourceDefinition }).registerResource;
  return Object.fromEntries(resources.map((r) => [r.name, register(r, role)]));
}
