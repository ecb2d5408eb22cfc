import clsx from 'clsx';
import { useImperativeHandle, useRef, useState, type ComponentProps, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarDaysIcon } from '@heroicons/react/24/outline';
import { dateFormValue, formatDateText, parseDateText } from '../lib/date-text.ts';
import { IconButton } from './button.tsx';
import { Input } from './field.tsx';

/** What a date field reports: its name and its form value (YYYY-MM-DD, '' or text that is no date). */
export type TDateInputEvent = { target: { name: string; value: string }; type: 'change' | 'blur' };

/**
 * The field as react-hook-form's `register` sees it through the ref: a value it reads and writes
 * (its default, `setValue`, `reset`), and focus for the first field with an error.
 */
export class DateInputHandle {
  #value = '';
  readonly #show: (value: string) => void;
  readonly #focus: () => void;

  constructor(show: (value: string) => void, focus: () => void) {
    this.#show = show;
    this.#focus = focus;
  }

  get value(): string {
    return this.#value;
  }

  set value(next: unknown) {
    const value = typeof next === 'string' ? next : '';
    if (value === this.#value) return;
    this.#value = value;
    this.#show(value);
  }

  /** Notes the value the user's typing gave, which the field already shows. */
  keep(value: string): void {
    this.#value = value;
  }

  focus(): void {
    this.#focus();
  }
}

type TDateInputProps = {
  name?: string;
  /** The date (YYYY-MM-DD or '') when the caller holds it; a registered field gets it through its ref. */
  value?: string;
  onChange?: (event: TDateInputEvent) => void;
  onBlur?: (event: TDateInputEvent) => void;
  ref?: Ref<DateInputHandle>;
  /** The first and the last day the calendar offers (YYYY-MM-DD). */
  min?: ComponentProps<'input'>['min'];
  max?: ComponentProps<'input'>['max'];
  disabled?: boolean | undefined;
  className?: string;
  'aria-label'?: string;
};

/**
 * A date written as the app's language writes it (26.11.2026, in English 26/11/2026), whatever the
 * browser's language, with the browser's calendar a button away. The form sees YYYY-MM-DD, '' when
 * empty, or the typed text when it is no date, which the form's date schema refuses. Use it with
 * `{...register('date')}` or with `value` and `onChange`.
 */
export function DateInput({
  name = '',
  value,
  onChange,
  onBlur,
  ref,
  min,
  max,
  disabled,
  className,
  'aria-label': ariaLabel,
}: TDateInputProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [text, setText] = useState(() => formatDateText(value ?? '', language));
  const [hasLeft, setHasLeft] = useState(false);
  const [shownValue, setShownValue] = useState(value);
  const textRef = useRef<HTMLInputElement>(null);
  const pickerRef = useRef<HTMLInputElement>(null);
  // One handle for the field's life: react-hook-form passes a new ref callback on every render and
  // rewrites the value whenever it meets another handle.
  const handleRef = useRef<DateInputHandle>(null);
  useImperativeHandle(ref, () => {
    handleRef.current ??= new DateInputHandle(
      (next) => {
        setText(formatDateText(next, i18n.language));
        setHasLeft(false);
      },
      () => textRef.current?.focus(),
    );
    return handleRef.current;
  }, [i18n]);

  const formValue = dateFormValue(text, language);
  const date = parseDateText(text, language);
  // A date the caller sets (another week, a cleared filter) replaces the text; the echo of what was
  // typed does not, nor does a caller that drops text which is no date.
  if (value !== undefined && value !== shownValue) {
    setShownValue(value);
    if (value !== formValue && !(value === '' && date === null)) setText(formatDateText(value, language));
  }

  const change = (nextText: string) => {
    setText(nextText);
    const nextValue = dateFormValue(nextText, language);
    if (nextValue === formValue) return;
    handleRef.current?.keep(nextValue);
    onChange?.({ target: { name, value: nextValue }, type: 'change' });
  };

  const leave = () => {
    if (date) setText(formatDateText(date, language));
    setHasLeft(true);
    onBlur?.({ target: { name, value: formValue }, type: 'blur' });
  };

  const openCalendar = () => {
    const picker = pickerRef.current;
    if (!picker) return;
    picker.value = date ?? '';
    picker.showPicker();
  };

  return (
    <div className={clsx('relative', className)}>
      {/* The browser's calendar: it opens over the field and gives the chosen day back. */}
      <input
        ref={pickerRef}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        min={min}
        max={max}
        disabled={disabled}
        className="pointer-events-none absolute inset-0 opacity-0"
        onChange={(event) => change(formatDateText(event.target.value, language))}
      />
      <Input
        ref={textRef}
        autoComplete="off"
        placeholder={t('dateInput.placeholder')}
        aria-label={ariaLabel}
        value={text}
        invalid={hasLeft && date === null}
        disabled={disabled}
        className="pr-10"
        onChange={(event) => change(event.target.value)}
        onBlur={leave}
      />
      <IconButton
        label={t('dateInput.openCalendar')}
        icon={CalendarDaysIcon}
        disabled={disabled}
        className="absolute inset-y-0 right-0 rounded-l-none"
        onClick={openCalendar}
      />
    </div>
  );
}
