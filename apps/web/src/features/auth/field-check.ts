import { FIELD_CHECK_DEBOUNCE_MS } from "@p2p/shared";

/**
 * Live availability checks (spec §5): framework-free so the timing and ordering rules can be
 * unit-tested. `use-field-check.ts` wraps this in a React hook.
 */

export type FieldStatus = "idle" | "checking" | "valid" | "invalid";

export type FieldCheckState = {
  /** The value this verdict is about. */
  value: string;
  status: FieldStatus;
  /** What to show under the field; null when there is nothing to say. */
  message: string | null;
};

/** What the field's own rules say before the server is asked. */
export type Precheck =
  | { kind: "empty" }
  | { kind: "invalid"; message: string }
  /** Known good without asking, e.g. the signed-in user's own username. */
  | { kind: "valid" }
  /** Ask the server about this (normalised) value. */
  | { kind: "ask"; query: string };

export type FieldCheckRule = {
  precheck: (value: string) => Precheck;
  /** Resolves true when the value is free to use; rejects when the check itself failed. */
  isAvailable: (query: string, signal: AbortSignal) => Promise<boolean>;
  takenMessage: string;
  availableMessage: string;
};

export type FieldCheckEvent =
  | { type: "typed"; value: string }
  | { type: "checking"; value: string }
  | { type: "passed"; value: string; message: string }
  | { type: "failed"; value: string; message: string }
  /** The check itself failed (network, rate limit…): not a verdict, so back to idle (spec §5). */
  | { type: "errored"; value: string };

export function idleCheck(value = ""): FieldCheckState {
  return { value, status: "idle", message: null };
}

export function fieldCheckReducer(state: FieldCheckState, event: FieldCheckEvent): FieldCheckState {
  if (event.type === "typed") return event.value === state.value ? state : idleCheck(event.value);
  // A late answer about a value the person has already changed is ignored.
  if (event.value !== state.value) return state;
  switch (event.type) {
    case "checking":
      return { value: event.value, status: "checking", message: null };
    case "passed":
      return { value: event.value, status: "valid", message: event.message };
    case "failed":
      return { value: event.value, status: "invalid", message: event.message };
    case "errored":
      return idleCheck(event.value);
  }
}

/** Submitting is refused while any field is invalid or still being checked (spec §5). */
export function hasBlockingCheck(states: readonly FieldCheckState[]): boolean {
  return states.some((s) => s.status === "invalid" || s.status === "checking");
}

export function allChecksValid(states: readonly FieldCheckState[]): boolean {
  return states.every((s) => s.status === "valid");
}

export type FieldChecker = {
  /** The field changed: drop the old verdict and check the new value after the pause. */
  update(value: string): void;
  /** Stop checking and forget the verdict (e.g. when leaving sign-up mode). */
  reset(value: string): void;
  dispose(): void;
  getState(): FieldCheckState;
};

export type FieldCheckerOptions = {
  /** Read on every check, so the rule may change between checks (e.g. the user's own username). */
  getRule: () => FieldCheckRule;
  onChange: (state: FieldCheckState) => void;
  delayMs?: number;
};

export function createFieldChecker({ getRule, onChange, delayMs = FIELD_CHECK_DEBOUNCE_MS }: FieldCheckerOptions): FieldChecker {
  let state = idleCheck();
  /** The last value handed to update(); undefined after a reset so the same value checks again. */
  let requested: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inflight: AbortController | undefined;

  const set = (next: FieldCheckState) => {
    if (next === state) return;
    state = next;
    onChange(state);
  };
  const dispatch = (event: FieldCheckEvent) => set(fieldCheckReducer(state, event));

  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    inflight?.abort();
    inflight = undefined;
  };

  async function ask(value: string, query: string, rule: FieldCheckRule) {
    const controller = new AbortController();
    inflight = controller;
    dispatch({ type: "checking", value });
    try {
      const available = await rule.isAvailable(query, controller.signal);
      if (controller.signal.aborted) return;
      dispatch(available ? { type: "passed", value, message: rule.availableMessage } : { type: "failed", value, message: rule.takenMessage });
    } catch {
      if (!controller.signal.aborted) dispatch({ type: "errored", value });
    } finally {
      if (inflight === controller) inflight = undefined;
    }
  }

  return {
    update(value) {
      if (value === requested) return;
      requested = value;
      cancel();
      dispatch({ type: "typed", value });

      const rule = getRule();
      const plan = rule.precheck(value);
      switch (plan.kind) {
        case "empty":
          return;
        case "valid":
          dispatch({ type: "passed", value, message: rule.availableMessage });
          return;
        case "invalid":
          // Rule failures wait for the pause too, so nobody is scolded mid-word.
          timer = setTimeout(() => dispatch({ type: "failed", value, message: plan.message }), delayMs);
          return;
        case "ask":
          timer = setTimeout(() => void ask(value, plan.query, rule), delayMs);
          return;
      }
    },
    reset(value) {
      cancel();
      requested = undefined;
      set(state.value === value && state.status === "idle" ? state : idleCheck(value));
    },
    dispose: cancel,
    getState: () => state,
  };
}
