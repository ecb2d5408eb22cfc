import clsx from 'clsx';
import { createContext, use, useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import {
  Description,
  Field as HeadlessField,
  Input as HeadlessInput,
  Label,
  Select as HeadlessSelect,
  Textarea as HeadlessTextarea,
} from '@headlessui/react';

const InvalidContext = createContext(false);

type TFieldProps = {
  label: ReactNode;
  /** The validation message; marks the control invalid. */
  error?: string | undefined;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** A labelled form control: the label, hint and error are tied to the control for assistive tech. */
export function Field({ label, error, description, className, children }: TFieldProps) {
  return (
    <HeadlessField className={clsx('flex flex-col gap-1.5', className)}>
      <Label className="text-sm font-medium text-gray-800">{label}</Label>
      <InvalidContext value={Boolean(error)}>{children}</InvalidContext>
      {description && !error && <Description className="text-xs text-gray-500">{description}</Description>}
      {error && <Description className="text-sm text-red-600">{error}</Description>}
    </HeadlessField>
  );
}

const controlClasses = clsx(
  'block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-gray-900 shadow-xs',
  'ring-1 ring-gray-300 ring-inset placeholder:text-gray-400',
  'focus:ring-2 focus:ring-primary-600 focus:outline-none',
  'data-disabled:cursor-not-allowed data-disabled:bg-gray-50 data-disabled:text-gray-500',
  'data-invalid:ring-red-500',
);

export type TInputProps = ComponentPropsWithRef<'input'> & {
  /** Marks the control invalid on its own account too, beside a field with an error. */
  invalid?: boolean;
};

export function Input({ className, invalid = false, ...props }: TInputProps) {
  const isFieldInvalid = use(InvalidContext);
  return (
    <HeadlessInput
      invalid={invalid || isFieldInvalid}
      className={clsx(controlClasses, className)}
      {...props}
    />
  );
}

export function Textarea({ className, ...props }: ComponentPropsWithRef<'textarea'>) {
  return (
    <HeadlessTextarea invalid={use(InvalidContext)} className={clsx(controlClasses, className)} {...props} />
  );
}

export function Select({ className, ...props }: ComponentPropsWithRef<'select'>) {
  return (
    <HeadlessSelect
      invalid={use(InvalidContext)}
      className={clsx(controlClasses, 'pr-8', className)}
      {...props}
    />
  );
}

/** The look of a colour picker, also for a picker that sits beside a field's own control. */
export const colourInputClasses =
  'h-9 w-11 shrink-0 cursor-pointer rounded-lg bg-white p-1 ring-1 ring-gray-300 ring-inset';

export function ColourInput({ className, ...props }: Omit<ComponentPropsWithRef<'input'>, 'type'>) {
  return <HeadlessInput type="color" className={clsx(colourInputClasses, className)} {...props} />;
}

type TCheckboxFieldProps = Omit<ComponentPropsWithRef<'input'>, 'type'> & {
  label: ReactNode;
  description?: ReactNode;
};

/** A native checkbox with its label and an optional explanation beneath (not part of its name). */
export function CheckboxField({ label, description, className, ...props }: TCheckboxFieldProps) {
  const inputId = useId();
  const descriptionId = useId();
  return (
    <div className={clsx('flex items-start gap-3', className)}>
      <input
        id={inputId}
        type="checkbox"
        aria-describedby={description ? descriptionId : undefined}
        className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-gray-300 accent-primary-600"
        {...props}
      />
      <div className="text-sm">
        <label htmlFor={inputId} className="cursor-pointer font-medium text-gray-900">
          {label}
        </label>
        {description && (
          <p id={descriptionId} className="mt-0.5 text-gray-500">
            {description}
          </p>
        )}
      </div>
    </div>
  );
}
