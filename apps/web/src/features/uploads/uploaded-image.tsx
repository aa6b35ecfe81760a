import { useState } from "react";
import { ImageOff } from "lucide-react";
import { useTranslation } from "@/i18n/use-translation";
import type { ImageRef } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { refreshAccess } from "./upload-image";

type UploadedImageProps = {
  image: Pick<ImageRef, "url" | "width" | "height">;
  alt: string;
  className?: string;
  /** Keep the image's own proportions while it loads (no layout jump in a chat). */
  keepRatio?: boolean;
};

/**
 * An uploaded image served with the session cookies. If the access token had just expired the
 * first load fails; the session is refreshed and the image asked for once more.
 */
export function UploadedImage({ image, alt, className, keepRatio = true }: UploadedImageProps) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const src = attempt === 0 ? image.url : `${image.url}?retry=${attempt}`;
  const style = keepRatio && image.width && image.height ? { aspectRatio: `${image.width} / ${image.height}` } : undefined;

  if (failed) {
    return (
      <div style={style} className={cn("flex min-h-20 items-center justify-center gap-2 bg-muted text-xs text-muted-foreground", className)}>
        <ImageOff className="size-4" aria-hidden />
        {t("Image unavailable")}
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      style={style}
      loading="lazy"
      decoding="async"
      draggable={false}
      onLoad={() => setLoaded(true)}
      onError={() => {
        if (attempt > 0) return setFailed(true);
        void refreshAccess().then(() => setAttempt(1));
      }}
      className={cn("bg-muted object-cover", !loaded && "animate-pulse", className)}
    />
  );
}
