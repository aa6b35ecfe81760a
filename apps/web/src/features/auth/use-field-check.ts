import { useEffect, useRef, useState } from "react";
import { createFieldChecker, idleCheck, type FieldCheckRule, type FieldCheckState, type FieldChecker } from "./field-check";

/**
 * Checks a field live while the person types: idle → checking → valid / invalid, 500 ms after
 * they stop (spec §5). Pass `enabled: false` to stop checking (e.g. outside sign-up mode).
 */
export function useFieldCheck(value: string, rule: FieldCheckRule, { enabled = true } = {}): FieldCheckState {
  const ruleRef = useRef(rule);
  useEffect(() => {
    ruleRef.current = rule;
  });

  const [state, setState] = useState(() => idleCheck(value));
  const checkerRef = useRef<FieldChecker | null>(null);

  useEffect(() => {
    const checker = createFieldChecker({ getRule: () => ruleRef.current, onChange: setState });
    checkerRef.current = checker;
    return () => {
      checker.dispose();
      checkerRef.current = null;
    };
  }, []);

  useEffect(() => {
    const checker = checkerRef.current;
    if (!checker) return;
    if (enabled) checker.update(value);
    else checker.reset(value);
  }, [value, enabled]);

  // Between a keystroke and the effect that follows it, the last verdict belongs to the old value.
  return state.value === value ? state : idleCheck(value);
}
