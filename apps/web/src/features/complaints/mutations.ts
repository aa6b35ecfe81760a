import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ComplaintDetail, ComplaintStatus } from "@p2p/shared";
import { api } from "@/lib/api";
import { complaintKeys } from "./queries";

function useComplaintMutation<Input>(run: (input: Input) => Promise<ComplaintDetail>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => qc.invalidateQueries({ queryKey: complaintKeys.all }),
  });
}

/** The owner adds a follow-up to their complaint. */
export const useFollowUpMutation = () =>
  useComplaintMutation(({ id, message }: { id: string; message: string }) =>
    api<ComplaintDetail>(`/api/complaints/${id}/messages`, { body: { message } }),
  );

/** An admin replies to a complaint. */
export const useReplyMutation = () =>
  useComplaintMutation(({ id, message }: { id: string; message: string }) =>
    api<ComplaintDetail>(`/api/admin/complaints/${id}/replies`, { body: { message } }),
  );

/** An admin moves a complaint on, with an optional note the user sees. */
export const useComplaintStatusMutation = () =>
  useComplaintMutation(({ id, status, message }: { id: string; status: Exclude<ComplaintStatus, "open">; message?: string }) =>
    api<ComplaintDetail>(`/api/admin/complaints/${id}/status`, { body: message ? { status, message } : { status } }),
  );
