import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AddPaymentProofRequest, PaymentProof } from "@p2p/shared";
import { api } from "@/lib/api";
import { chatKeys } from "@/features/chat/keys";
import { uploadImage } from "@/features/uploads/upload-image";
import { proofKeys } from "./proof-queries";

export type AddProofVariables = { orderId: string; file: File } & Omit<AddPaymentProofRequest, "upload_id">;

/** Uploads the image, then attaches it to the order as a proof (it also appears in the chat). */
export function useAddPaymentProofMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ orderId, file, amount, reference }: AddProofVariables) => {
      const upload = await uploadImage(file);
      const body: AddPaymentProofRequest = { upload_id: upload.id, amount: amount || undefined, reference: reference || undefined };
      return api<{ proof: PaymentProof }>(`/api/orders/${encodeURIComponent(orderId)}/proofs`, { body });
    },
    onSuccess: (_data, { orderId }) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: proofKeys.order(orderId) }),
        qc.invalidateQueries({ queryKey: chatKeys.messages(orderId) }),
        qc.invalidateQueries({ queryKey: chatKeys.lists }),
      ]),
  });
}
