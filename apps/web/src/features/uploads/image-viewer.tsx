import type { ReactNode } from "react";
import { useTranslation } from "@/i18n/use-translation";
import type { ImageRef } from "@p2p/shared";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "@/ui/dialog";
import { UploadedImage } from "./uploaded-image";

type ImageViewerProps = {
  image: Pick<ImageRef, "url" | "width" | "height">;
  /** Names the image for screen readers and titles the larger view (already translated). */
  title: string;
  description?: ReactNode;
  /** The thumbnail that opens the larger view. */
  children: ReactNode;
};

/** A thumbnail that opens the image larger in a dialog. */
export function ImageViewer({ image, title, description, children }: ImageViewerProps) {
  const { t } = useTranslation();
  return (
    <Dialog>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent className="max-w-[calc(100vw-2rem)] gap-3 p-3 sm:max-w-3xl sm:p-4">
        <DialogTitle className="pe-8 text-sm">{title}</DialogTitle>
        {description ? (
          <DialogDescription className="-mt-2 text-xs">{description}</DialogDescription>
        ) : (
          <DialogDescription className="sr-only">{title}</DialogDescription>
        )}
        <UploadedImage image={image} alt={title} keepRatio={false} className="max-h-[75dvh] w-full rounded-md object-contain" />
        <a
          href={image.url}
          target="_blank"
          rel="noopener"
          className="inline-flex min-h-11 items-center self-start text-xs text-muted-foreground underline-offset-4 hover:underline sm:min-h-0"
        >
          {t("Open full size")}
        </a>
      </DialogContent>
    </Dialog>
  );
}
