import { createContext, useContext, useMemo, type ReactNode } from 'react';

/**
 * Whose data the client screens show. A client sees their own area (`apiBase` '/api', `routeBase` '');
 * an admin inside `/admin/client/{id}/...` sees that client's area through the mirrored API
 * (`/api/admin/clients/{id}/...`, PRODUCT.md section 5). Feature code builds every path from here:
 *
 *   const { apiBase, routeBase } = useTenant();
 *   useQuery({ queryKey: [`${apiBase}/reviews`] });   // '/api/reviews' or '/api/admin/clients/7/reviews'
 *   <Link href={`${routeBase}/contacts`} />           // '/contacts' or '/admin/client/7/contacts'
 */
export interface Tenant {
  /** Set only when an admin views a client's area. */
  clientId?: number;
  apiBase: string;
  routeBase: string;
}

const OWN_AREA: Tenant = { apiBase: '/api', routeBase: '' };

const TenantContext = createContext<Tenant>(OWN_AREA);

export function tenantFor(clientId?: number): Tenant {
  if (clientId === undefined) return OWN_AREA;
  return { clientId, apiBase: `/api/admin/clients/${clientId}`, routeBase: `/admin/client/${clientId}` };
}

export function TenantProvider({ clientId, children }: { clientId?: number; children: ReactNode }) {
  const value = useMemo(() => tenantFor(clientId), [clientId]);
  return <TenantContext.Provider value={value}>{children}</TenantContext.Provider>;
}

export function useTenant(): Tenant {
  return useContext(TenantContext);
}
