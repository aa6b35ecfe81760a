/** An event as stored and as published: `prev` is the topic's previous event id (0 for none). */
export type EventRow = { id: number; topic: string; type: string; payload: unknown; prev: number };
export type NewEvent = { topic: string; type: string; payload: unknown };
