import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ComplaintDetail, ComplaintPage, ComplaintStatus, COMPLAINT_CATEGORIES, COMPLAINT_PRIORITIES } from "@p2p/shared";
import { api } from "@/lib/api";

export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];
export type ComplaintPriority = (typeof COMPLAINT_PRIORITIES)[number];
export type AdminComplaintFilters = { status?: ComplaintStatus; priority?: ComplaintPriority; category?: ComplaintCategory; page: number };

export const COMPLAINTS_PAGE_SIZE = 10;
export const ADMIN_COMPLAINTS_PAGE_SIZE = 20;

/** Query keys of complaints; every complaint change invalidates `all`. */
export const complaintKeys = {
  all: ["complaints"] as const,
  mine: (page: number) => ["complaints", "mine", page] as const,
  detail: (id: string, admin: boolean) => ["complaints", "detail", id, admin] as const,
  admin: (filters: AdminComplaintFilters) => ["complaints", "admin", filters] as const,
};

const search = (params: Record<string, string | number | undefined>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") s.set(k, String(v));
  return s.toString();
};

/** The caller's complaints, newest first (/tickets-complaints). */
export function useMyComplaints(page: number) {
  return useQuery({
    queryKey: complaintKeys.mine(page),
    queryFn: ({ signal }) => api<ComplaintPage>(`/api/complaints?${search({ page, page_size: COMPLAINTS_PAGE_SIZE })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One complaint and its thread; `admin` reads it through the admin API (with next statuses). */
export function useComplaint(id: string | null, admin = false) {
  return useQuery({
    queryKey: complaintKeys.detail(id ?? "", admin),
    queryFn: ({ signal }) => api<ComplaintDetail>(`${admin ? "/api/admin" : "/api"}/complaints/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** The admin queue: every complaint, newest first, by status, priority and category. */
export function useAdminComplaints(filters: AdminComplaintFilters) {
  return useQuery({
    queryKey: complaintKeys.admin(filters),
    queryFn: ({ signal }) => api<ComplaintPage>(`/api/admin/complaints?${search({ ...filters, page_size: ADMIN_COMPLAINTS_PAGE_SIZE })}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}
