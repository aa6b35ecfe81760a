import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "@/i18n/use-translation";
import { Loader2 } from "lucide-react";
import { toast } from "@/ui/toast";
import { z } from "zod";
import { COMPLAINT_CATEGORIES, COMPLAINT_PRIORITIES, createComplaintRequest, DEFAULT_COMPLAINT_PRIORITY, MESSAGES, msg } from "@p2p/shared";
import { isApiError } from "@/lib/api";
import { showCount } from "@/i18n/format";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { Input } from "@/ui/input";
import { Label } from "@/ui/label";
import { NativeSelect } from "@/ui/select";
import { Textarea } from "@/ui/textarea";
import { useSubmitComplaintMutation } from "./queries";

type Category = (typeof COMPLAINT_CATEGORIES)[number];
type Priority = (typeof COMPLAINT_PRIORITIES)[number];

const CATEGORY_LABELS: Record<Category, string> = {
  fraud: msg("Fraud or scam"),
  payment: msg("Payment issue"),
  unfair_trade: msg("Unfair trade"),
  communication: msg("Communication problem"),
  platform: msg("Platform or technical issue"),
  dispute: msg("Trade dispute"),
  other: msg("Other"),
};

const PRIORITY_LABELS: Record<Priority, string> = {
  low: msg("Low"),
  medium: msg("Medium"),
  high: msg("High"),
  urgent: msg("Urgent"),
};

const SUBJECT_MAX = 200;
const MESSAGE_MAX = 5000;

/** The request's own rules; the category starts unchosen (""), which they refuse. */
const formSchema = createComplaintRequest.extend({ category: z.string().pipe(createComplaintRequest.shape.category) });
const EMPTY: z.input<typeof formSchema> = { category: "", priority: DEFAULT_COMPLAINT_PRIORITY, subject: "", message: "" };

/** Submit Complaint (spec §2, §5, §8): category, priority (default medium), subject and message. */
export function ComplaintDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const form = useForm({ resolver: zodResolver(formSchema), defaultValues: EMPTY });
  const message = useWatch({ control: form.control, name: "message" });
  const submit = useSubmitComplaintMutation();

  const onSubmit = form.handleSubmit(
    (body) => {
      submit.mutate(body, {
        onSuccess: () => {
          toast.success(t(MESSAGES.complaintSubmittedTitle), { description: t(MESSAGES.complaintSubmittedBody) });
          form.reset();
          onOpenChange(false);
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 401) {
            toast.error(t(MESSAGES.complaintAuthTitle), { description: t(MESSAGES.complaintAuthBody) });
          } else {
            toast.error(t(MESSAGES.complaintFailed));
          }
        },
      });
    },
    // A category, a subject and a message are needed: said once, in a toast.
    () => toast.error(t(MESSAGES.complaintMissingTitle), { description: t(MESSAGES.complaintMissingBody) }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("Submit Complaint")}</DialogTitle>
          <DialogDescription>
            {t("Tell us what went wrong. Our support team reviews every complaint and replies in your complaints list.")}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="complaint-category">
                {t("Category")} <span className="text-destructive">*</span>
              </Label>
              <NativeSelect id="complaint-category" {...form.register("category")}>
                <option value="" disabled>
                  {t("Choose a category")}
                </option>
                {COMPLAINT_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {t(CATEGORY_LABELS[category])}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="complaint-priority">{t("Priority")}</Label>
              <NativeSelect id="complaint-priority" {...form.register("priority")}>
                {COMPLAINT_PRIORITIES.map((priority) => (
                  <option key={priority} value={priority}>
                    {t(PRIORITY_LABELS[priority])}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="complaint-subject">
              {t("Subject")} <span className="text-destructive">*</span>
            </Label>
            <Input
              id="complaint-subject"
              {...form.register("subject")}
              maxLength={SUBJECT_MAX}
              placeholder={t("e.g. Merchant has not released my coins")}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="complaint-message">
              {t("Message")} <span className="text-destructive">*</span>
            </Label>
            <Textarea
              id="complaint-message"
              {...form.register("message")}
              maxLength={MESSAGE_MAX}
              rows={5}
              placeholder={t("Include the order ID, the amount, and what happened, in order.")}
            />
            <p className="text-end text-xs text-muted-foreground tabular">
              {showCount(message.length)} / {showCount(MESSAGE_MAX)}
            </p>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" className="h-11 sm:h-10" onClick={() => onOpenChange(false)}>
              {t("Cancel")}
            </Button>
            <Button type="submit" className="h-11 sm:h-10" disabled={submit.isPending}>
              {submit.isPending && <Loader2 className="animate-spin" />}
              {t("Submit Complaint")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
