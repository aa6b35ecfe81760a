import "react-dom/client";
import { nextTask } from "./next-task";

// React DOM's code is the largest the page runs before its own: a task of its own (main.tsx).
await nextTask();
