import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FIELD_CHECK_DEBOUNCE_MS } from "@p2p/shared";
import {
  allChecksValid,
  createFieldChecker,
  fieldCheckReducer,
  hasBlockingCheck,
  idleCheck,
  type FieldCheckRule,
  type FieldCheckState,
} from "./field-check";

const TAKEN = "taken!";
const FREE = "free!";

type Pending = { query: string; signal: AbortSignal; resolve: (available: boolean) => void; reject: (e: Error) => void };

/** A rule whose server answers are resolved by hand, so ordering can be driven from the test. */
function manualRule(precheck: FieldCheckRule["precheck"] = (v) => (v ? { kind: "ask", query: v } : { kind: "empty" })) {
  const pending: Pending[] = [];
  const rule: FieldCheckRule = {
    precheck,
    isAvailable: (query, signal) => new Promise<boolean>((resolve, reject) => pending.push({ query, signal, resolve, reject })),
    takenMessage: TAKEN,
    availableMessage: FREE,
  };
  return { rule, pending };
}

function setup(rule: FieldCheckRule) {
  const seen: FieldCheckState[] = [];
  const checker = createFieldChecker({ getRule: () => rule, onChange: (s) => seen.push(s) });
  return { checker, seen };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe("fieldCheckReducer", () => {
  it("forgets the old verdict when the value changes", () => {
    const valid: FieldCheckState = { value: "alice1", status: "valid", message: FREE };
    expect(fieldCheckReducer(valid, { type: "typed", value: "alice12" })).toEqual(idleCheck("alice12"));
  });

  it("keeps the verdict when the same value is typed again", () => {
    const valid: FieldCheckState = { value: "alice1", status: "valid", message: FREE };
    expect(fieldCheckReducer(valid, { type: "typed", value: "alice1" })).toBe(valid);
  });

  it("ignores an answer about a value that is no longer in the field", () => {
    const state = idleCheck("alice12");
    expect(fieldCheckReducer(state, { type: "failed", value: "alice1", message: TAKEN })).toBe(state);
  });

  it("returns to idle when the check itself fails", () => {
    const checking: FieldCheckState = { value: "alice1", status: "checking", message: null };
    expect(fieldCheckReducer(checking, { type: "errored", value: "alice1" })).toEqual(idleCheck("alice1"));
  });
});

describe("hasBlockingCheck / allChecksValid", () => {
  const s = (status: FieldCheckState["status"]): FieldCheckState => ({ value: "x", status, message: null });

  it("blocks submission while a field is invalid or still checking", () => {
    expect(hasBlockingCheck([s("valid"), s("invalid")])).toBe(true);
    expect(hasBlockingCheck([s("valid"), s("checking")])).toBe(true);
    expect(hasBlockingCheck([s("valid"), s("idle")])).toBe(false);
  });

  it("is all-valid only when every field passed", () => {
    expect(allChecksValid([s("valid"), s("valid")])).toBe(true);
    expect(allChecksValid([s("valid"), s("idle")])).toBe(false);
  });
});

describe("createFieldChecker", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("asks the server only after the typing pause", async () => {
    const { rule, pending } = manualRule();
    const { checker } = setup(rule);

    checker.update("alice1");
    await vi.advanceTimersByTimeAsync(FIELD_CHECK_DEBOUNCE_MS - 1);
    expect(pending).toHaveLength(0);
    expect(checker.getState().status).toBe("idle");

    await vi.advanceTimersByTimeAsync(1);
    expect(pending.map((p) => p.query)).toEqual(["alice1"]);
    expect(checker.getState().status).toBe("checking");
  });

  it("checks only the last value of a burst of typing", async () => {
    const { rule, pending } = manualRule();
    const { checker } = setup(rule);

    for (const value of ["a", "al", "ali", "alic", "alice"]) {
      checker.update(value);
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.advanceTimersByTimeAsync(FIELD_CHECK_DEBOUNCE_MS);
    expect(pending.map((p) => p.query)).toEqual(["alice"]);
  });

  it("shows the taken message when the value is in use", async () => {
    const { rule, pending } = manualRule();
    const { checker } = setup(rule);

    checker.update("alice1");
    await vi.advanceTimersByTimeAsync(FIELD_CHECK_DEBOUNCE_MS);
    pending[0]!.resolve(false);
    await flush();
    expect(checker.getState()).toEqual({ value: "alice1", status: "invalid", message: TAKEN });
  });

  it("marks a free value valid", async () => {
    const { rule, pending } = manualRule();
    const { checker, seen } = setup(rule);

    checker.update("alice1");
    await vi.advanceTimersByTimeAsync(FIELD_CHECK_DEBOUNCE_MS);
    pending[0]!.resolve(true);
    await flush();
    expect(seen.map((s) => s.status)).toEqual(["idle", "checking", "valid"]);
    expect(checker.getState().message).toBe(FREE);
  });

  it("goes back to idle, not invalid, when the check errors", async () => {
    const { rule, pending } = manualRule();
    const { checker } = setup(rule);

    checker.update("alice1");
    await vi.advanceTimersByTimeAsync(FIELD_CHECK_DEBOUNCE_MS);
    pending[0]!.reject(new Error("Too many requests"));
    await flush();
    expect(checker.getState()).toEqual(idleCheck("alice1"));
  });

  it("aborts an in-flight check when the value changes and ignores its late answer", async () => {
    const { rule, pending } = manualRule();
    const { checker } = setup(rule);

    checker.update("alice1");
    await vi.advanceTimersByTimeAsync(FIELD_CHECK_DEBOUNCE_MS);
    checker.update("alice12");
    expect(pending[0]!.signal.aborted).toBe(true);

    pending[0]!.resolve(false);
    await flush();
    expect(checker.getState()).toEqual(idleCheck("alice12"));

    await vi.advanceTimersByTimeAsync(FIELD_CHECK_DEBOUNCE_MS);
    pending[1]!.resolve(true);
    await flush();
    expect(checker.getState()).toMatchObject({ value: "alice12", status: "valid" });
  });

  it("shows a rule failure after the pause without asking the server", async () => {
    const { rule, pending } = manualRule((v) => (v.length > 4 ? { kind: "ask", query: v } : { kind: "invalid", message: "too short" }));
    const { checker } = setup(rule);

    checker.update("abc");
    expect(checker.getState().status).toBe("idle");
    await vi.advanceTimersByTimeAsync(FIELD_CHECK_DEBOUNCE_MS);
    expect(checker.getState()).toEqual({ value: "abc", status: "invalid", message: "too short" });
    expect(pending).toHaveLength(0);
  });

  it("accepts a known-good value at once", () => {
    const { rule, pending } = manualRule((v) => (v === "mine" ? { kind: "valid" } : { kind: "ask", query: v }));
    const { checker } = setup(rule);

    checker.update("mine");
    expect(checker.getState()).toEqual({ value: "mine", status: "valid", message: FREE });
    expect(pending).toHaveLength(0);
  });

  it("leaves an empty field idle", async () => {
    const { rule, pending } = manualRule();
    const { checker } = setup(rule);

    checker.update("alice1");
    checker.update("");
    await vi.advanceTimersByTimeAsync(FIELD_CHECK_DEBOUNCE_MS);
    expect(checker.getState()).toEqual(idleCheck(""));
    expect(pending).toHaveLength(0);
  });

  it("stops checking on reset and checks the same value again afterwards", async () => {
    const { rule, pending } = manualRule();
    const { checker } = setup(rule);

    checker.update("alice1");
    checker.reset("alice1");
    await vi.advanceTimersByTimeAsync(FIELD_CHECK_DEBOUNCE_MS);
    expect(pending).toHaveLength(0);

    checker.update("alice1");
    await vi.advanceTimersByTimeAsync(FIELD_CHECK_DEBOUNCE_MS);
    expect(pending.map((p) => p.query)).toEqual(["alice1"]);
  });

  it("does nothing after dispose", async () => {
    const { rule, pending } = manualRule();
    const { checker, seen } = setup(rule);

    checker.update("alice1");
    await vi.advanceTimersByTimeAsync(FIELD_CHECK_DEBOUNCE_MS);
    checker.dispose();
    pending[0]!.resolve(true);
    await flush();
    expect(seen.at(-1)?.status).toBe("checking");
  });
});
