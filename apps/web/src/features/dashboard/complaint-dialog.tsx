import { useState, type FormEvent } from "react";
import { Loader2 } from "lucide-react";
import { toast } from "sonner";
import {
  COMPLAINT_CATEGORIES,
  COMPLAINT_PRIORITIES,
  DEFAULT_COMPLAINT_PRIORITY,
  MESSAGES,
  type CreateComplaintRequest,
} from "@p2p/shared";
import { isApiError } from "@/lib/api";
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
  fraud: "Fraud or scam",
  payment: "Payment issue",
  unfair_trade: "Unfair trade",
  communication: "Communication problem",
  platform: "Platform or technical issue",
  dispute: "Trade dispute",
  other: "Other",
};

const PRIORITY_LABELS: Record<Priority, string> = {
  low: "Low",
  medium: "Medium",
  high: "High",
  urgent: "Urgent",
};

const SUBJECT_MAX = 200;
const MESSAGE_MAX = 5000;

type Draft = { category: Category | ""; priority: Priority; subject: string; message: string };
const EMPTY: Draft = { category: "", priority: DEFAULT_COMPLAINT_PRIORITY, subject: "", message: "" };

/** Submit Complaint (spec §2, §5, §8): category, priority (default medium), subject and message. */
export function ComplaintDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const submit = useSubmitComplaintMutation();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const subject = draft.subject.trim();
    const message = draft.message.trim();
    if (!draft.category || !subject || !message) {
      toast.error(MESSAGES.complaintMissingTitle, { description: MESSAGES.complaintMissingBody });
      return;
    }
    const body: CreateComplaintRequest = { category: draft.category, priority: draft.priority, subject, message };
    submit.mutate(body, {
      onSuccess: () => {
        toast.success(MESSAGES.complaintSubmittedTitle, { description: MESSAGES.complaintSubmittedBody });
        setDraft(EMPTY);
        onOpenChange(false);
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 401) {
          toast.error(MESSAGES.complaintAuthTitle, { description: MESSAGES.complaintAuthBody });
        } else {
          toast.error(MESSAGES.complaintFailed);
        }
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Submit Complaint</DialogTitle>
          <DialogDescription>
            Tell us what went wrong. Our support team reviews every complaint and replies in your complaints list.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="complaint-category">
                Category <span className="text-destructive">*</span>
              </Label>
              <NativeSelect
                id="complaint-category"
                value={draft.category}
                onChange={(e) => set("category", e.target.value as Category | "")}
              >
                <option value="" disabled>
                  Choose a category
                </option>
                {COMPLAINT_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {CATEGORY_LABELS[category]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="complaint-priority">Priority</Label>
              <NativeSelect
                id="complaint-priority"
                value={draft.priority}
                onChange={(e) => set("priority", e.target.value as Priority)}
              >
                {COMPLAINT_PRIORITIES.map((priority) => (
                  <option key={priority} value={priority}>
                    {PRIORITY_LABELS[priority]}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="complaint-subject">
              Subject <span className="text-destructive">*</span>
            </Label>
            <Input
              id="complaint-subject"
              value={draft.subject}
              maxLength={SUBJECT_MAX}
              placeholder="e.g. Merchant has not released my coins"
              onChange={(e) => set("subject", e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="complaint-message">
              Message <span className="text-destructive">*</span>
            </Label>
            <Textarea
              id="complaint-message"
              value={draft.message}
              maxLength={MESSAGE_MAX}
              rows={5}
              placeholder="Include the order ID, the amount, and what happened, in order."
              onChange={(e) => set("message", e.target.value)}
            />
            <p className="text-right text-xs text-muted-foreground tabular">
              {draft.message.length.toLocaleString("en-NG")} / {MESSAGE_MAX.toLocaleString("en-NG")}
            </p>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={submit.isPending}>
              {submit.isPending && <Loader2 className="animate-spin" />}
              Submit Complaint
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
