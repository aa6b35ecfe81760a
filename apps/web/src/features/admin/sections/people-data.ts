import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdminMerchantApplication,
  AdminUser,
  AdminUserDetail,
  AuditEntry,
  ChangeUserRoleResult,
  MerchantApplicationStatus,
  Role,
  SuspendUserResult,
} from "@p2p/shared";
import { api } from "@/lib/api";
import { adminKeys } from "../queries";

/**
 * Queries and actions of the admin sections about people: merchant applications, users and the
 * audit log. Keys live under `adminKeys.all`, so any admin action refreshes them too.
 */
type Page = { page: number; page_size: number; total: number };
export type ApplicationPage = Page & { applications: AdminMerchantApplication[] };
export type UserSearchPage = Page & { users: AdminUser[] };
export type AuditPage = Page & { entries: AuditEntry[] };
export type AuditFilters = { action: string; actor: string; target: string; from: string; to: string };

export const PEOPLE_PAGE_SIZE = 20;

export const peopleKeys = {
  applications: (status: MerchantApplicationStatus, page: number) => [...adminKeys.all, "merchant-applications", status, page] as const,
  userSearch: (q: string, role: Role | "all", page: number) => [...adminKeys.all, "user-search", q, role, page] as const,
  user: (id: string) => [...adminKeys.all, "user", id] as const,
  audit: (filters: AuditFilters, page: number) => [...adminKeys.all, "audit-log", filters, page] as const,
};

const search = (params: Record<string, string | number | undefined>) => {
  const s = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== "" && value !== "all") s.set(key, String(value));
  return s.toString();
};

export function useMerchantApplications(status: MerchantApplicationStatus, page: number) {
  return useQuery({
    queryKey: peopleKeys.applications(status, page),
    queryFn: ({ signal }) =>
      api<ApplicationPage>(`/api/admin/merchant-applications?${search({ status, page, page_size: PEOPLE_PAGE_SIZE })}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

export function useUserSearch(q: string, role: Role | "all", page: number) {
  return useQuery({
    queryKey: peopleKeys.userSearch(q, role, page),
    queryFn: ({ signal }) => api<UserSearchPage>(`/api/admin/users?${search({ q, role, page, page_size: PEOPLE_PAGE_SIZE })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUserDetail(id: string | null) {
  return useQuery({
    queryKey: peopleKeys.user(id ?? ""),
    queryFn: ({ signal }) => api<AdminUserDetail>(`/api/admin/users/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

export function useAuditLog(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: peopleKeys.audit(filters, page),
    queryFn: ({ signal }) => api<AuditPage>(`/api/admin/audit-log?${search({ ...filters, page, page_size: PEOPLE_PAGE_SIZE })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

function usePeopleMutation<Input, Result>(run: (input: Input) => Promise<Result>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }) });
}

const post = <T>(path: string, body: object = {}) => api<T>(path, { method: "POST", body });

export const useApproveApplicationMutation = () =>
  usePeopleMutation(({ id }: { id: string }) => post<{ application: AdminMerchantApplication }>(`/api/admin/merchant-applications/${id}/approve`));

export const useRejectApplicationMutation = () =>
  usePeopleMutation(({ id, reason }: { id: string; reason: string }) =>
    post<{ application: AdminMerchantApplication }>(`/api/admin/merchant-applications/${id}/reject`, { reason }),
  );

export const useChangeRoleMutation = () =>
  usePeopleMutation(({ id, role }: { id: string; role: Role }) => post<ChangeUserRoleResult>(`/api/admin/users/${id}/role`, { role }));

export const useWithdrawAdminProposalMutation = () =>
  usePeopleMutation(({ id }: { id: string }) => api<{ withdrawn: true }>(`/api/admin/users/${id}/admin-proposal`, { method: "DELETE" }));

export const useSuspendUserMutation = () =>
  usePeopleMutation(({ id, reason }: { id: string; reason: string }) => post<SuspendUserResult>(`/api/admin/users/${id}/suspend`, { reason }));

export const useRestoreUserMutation = () => usePeopleMutation(({ id }: { id: string }) => post<AdminUserDetail>(`/api/admin/users/${id}/restore`));
