import { Slot } from '@radix-ui/react-slot';
import { useFormState, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';

import { FormField, type FormFieldProps } from './form-field';

// Its own module: FormField alone serves screens without react-hook-form (13 KB), and this one needs it.
type RegisteredFormFieldProps<TValues extends FieldValues, TOutput> = Omit<FormFieldProps, 'error'> & {
  form: UseFormReturn<TValues, unknown, TOutput>;
  /** The form's field: the control is registered under it and its validation message is shown. */
  name: Path<TValues>;
};

/**
 * A FormField wired to react-hook-form: registers its control under `name` and shows that field's
 * message, so a caller writes the label and the control, nothing else. Controlled inputs (a Controller)
 * keep using FormField with `error`.
 */
export function RegisteredFormField<TValues extends FieldValues, TOutput>({
  form,
  name,
  children,
  ...field
}: RegisteredFormFieldProps<TValues, TOutput>) {
  const state = useFormState({ control: form.control, name });
  const { error } = form.getFieldState(name, state);
  return (
    <FormField {...field} error={error?.message}>
      <Slot {...form.register(name)}>{children}</Slot>
    </FormField>
  );
}
