import clsx from 'clsx';
import { Label, Radio, RadioGroup } from '@headlessui/react';

export type TSegment<TValue extends string> = { value: TValue; label: string };

type TSegmentedControlProps<TValue extends string> = {
  /** The group's visible label, which also names it for assistive tech. */
  label: string;
  value: TValue;
  onChange: (value: TValue) => void;
  options: readonly TSegment<TValue>[];
};

/** A few mutually exclusive choices side by side: a radio group that looks like joined buttons. */
export function SegmentedControl<TValue extends string>({
  label,
  value,
  onChange,
  options,
}: TSegmentedControlProps<TValue>) {
  return (
    <RadioGroup value={value} onChange={onChange} className="flex flex-col gap-1.5">
      <Label className="text-sm font-medium text-gray-800">{label}</Label>
      <div className="inline-flex w-full rounded-lg bg-gray-100 p-1 sm:w-auto sm:self-start">
        {options.map((option) => (
          <Radio
            key={option.value}
            value={option.value}
            className={clsx(
              'flex-1 cursor-pointer rounded-md px-3 py-1.5 text-center text-sm font-medium whitespace-nowrap text-gray-600 transition-colors sm:flex-none',
              'hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-primary-600',
              'data-checked:bg-white data-checked:text-gray-900 data-checked:shadow-xs',
            )}
          >
            <Label className="cursor-pointer">{option.label}</Label>
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
