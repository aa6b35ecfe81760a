import { wantToaster } from "./toaster-demand";

/**
 * The app's toasts (sonner). Import them from here, not from "sonner": loading this module is what
 * mounts the app's Toaster (ui/toaster-demand.ts), so sonner loads with the screens that toast.
 */
export { toast } from "sonner";

wantToaster();
