import { nextTask } from "./next-task";

// main.tsx imports this first: it runs once the libraries' own modules have, and ends that task.
await nextTask();
