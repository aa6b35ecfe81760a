import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AppealDetail } from "@p2p/shared";
import { api } from "@/lib/api";
import { uploadImage } from "@/features/uploads/upload-image";
import { appealKeys } from "./queries";

/** Uploads the picked images, then attaches them all to the order's open appeal in one step. */
export function useAddEvidenceMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ orderId, files }: { orderId: string; files: File[] }) => {
      const uploads = [];
      for (const file of files) uploads.push(await uploadImage(file));
      return api<AppealDetail>(`/api/appeals/${orderId}/evidence`, { body: { upload_ids: uploads.map((u) => u.id) } });
    },
    onSuccess: (detail, { orderId }) => qc.setQueryData(appealKeys.detail(orderId), detail),
    onSettled: () => qc.invalidateQueries({ queryKey: appealKeys.all }),
  });
}
