import { useTranslation } from "@/i18n/use-translation";
import type { PaymentProof } from "@p2p/shared";
import { ImageViewer } from "@/features/uploads/image-viewer";
import { UploadedImage } from "@/features/uploads/uploaded-image";
import { showNaira } from "@/i18n/format";
import { formatAge } from "./format";

/** The order's payment proofs, each opening full size (loaded with the first proof: `PaymentProofsCard`). */
export default function ProofTiles({ proofs }: { proofs: PaymentProof[] }) {
  const { t } = useTranslation();
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={t("Payment proofs")}>
      {proofs.map((p) => (
        <ProofTile key={p.id} proof={p} />
      ))}
    </ul>
  );
}

function ProofTile({ proof }: { proof: PaymentProof }) {
  const { t } = useTranslation();
  const details = [proof.amount ? showNaira(proof.amount) : null, proof.reference ? t("Ref {{reference}}", { reference: proof.reference }) : null]
    .filter(Boolean)
    .join(" · ");
  return (
    <li className="min-w-0">
      <ImageViewer image={proof.image} title={t("Payment proof from {{name}}", { name: proof.uploader_username })} description={details || undefined}>
        <button
          type="button"
          className="block w-full overflow-hidden rounded-lg border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={details ? t("Open payment proof: {{details}}", { details }) : t("Open payment proof")}
        >
          <UploadedImage image={proof.image} alt={t("Payment proof")} keepRatio={false} className="aspect-[4/3] w-full" />
        </button>
      </ImageViewer>
      <div className="mt-1.5 min-w-0 text-xs">
        {details && <p className="truncate font-medium tabular">{details}</p>}
        <p className="truncate text-muted-foreground">
          {proof.uploader_username} · <time dateTime={proof.created_at}>{formatAge(proof.created_at)}</time>
        </p>
      </div>
    </li>
  );
}
