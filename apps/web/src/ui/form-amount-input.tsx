import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import { AmountInput, type AmountInputProps } from "./amount-input";

type FormAmountInputProps<T extends FieldValues> = Omit<AmountInputProps, "value" | "onValueChange" | "onBlur"> & {
  control: Control<T>;
  name: Path<T>;
  /** Called after each change reaches the form (a draft that must know it was edited). */
  onEdited?: () => void;
};

/** An AmountInput bound to one field of a react-hook-form form: its value, changes, blur and focus. */
export function FormAmountInput<T extends FieldValues>({ control, name, onEdited, ...props }: FormAmountInputProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <AmountInput
          {...props}
          ref={field.ref}
          value={field.value as string}
          onValueChange={(value) => {
            field.onChange(value);
            onEdited?.();
          }}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
