import clsx from 'clsx';
import type { ButtonHTMLAttributes, ComponentPropsWithRef, ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { SpinnerIcon } from './spinner.tsx';

export type TButtonVariant = 'primary' | 'secondary' | 'red' | 'ghost';
type TButtonSize = 'sm' | 'md';
export type TIcon = ComponentType<SVGProps<SVGSVGElement>>;

const variantClasses: Record<TButtonVariant, string> = {
  primary: 'bg-primary-600 text-white shadow-xs hover:bg-primary-700 focus-visible:outline-primary-600',
  secondary:
    'bg-white text-gray-900 shadow-xs ring-1 ring-inset ring-gray-300 hover:bg-gray-50 focus-visible:outline-primary-600',
  red: 'bg-red-600 text-white shadow-xs hover:bg-red-700 focus-visible:outline-red-600',
  ghost: 'text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-primary-600',
};

const sizeClasses: Record<TButtonSize, string> = {
  sm: 'gap-1.5 px-2.5 py-1.5 text-sm',
  md: 'gap-2 px-3.5 py-2 text-sm',
};

type TButtonStyle = { variant?: TButtonVariant; size?: TButtonSize; className?: string | undefined };

export function buttonClasses({ variant = 'primary', size = 'md', className }: TButtonStyle): string {
  return clsx(
    'inline-flex shrink-0 items-center justify-center rounded-lg font-semibold whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60',
    variantClasses[variant],
    sizeClasses[size],
    className,
  );
}

type TButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  TButtonStyle & {
    /** Disables the button and shows a spinner while an action runs. */
    isLoading?: boolean;
    icon?: TIcon;
  };

export function Button({
  variant,
  size,
  isLoading = false,
  icon: IconComponent,
  disabled,
  className,
  type = 'button',
  children,
  ...props
}: TButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      className={buttonClasses({ variant, size, className })}
      {...props}
    >
      {isLoading ? (
        <SpinnerIcon />
      ) : (
        IconComponent && <IconComponent aria-hidden="true" className="size-4 shrink-0" />
      )}
      {children}
    </button>
  );
}

type TIconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> & {
  /** The accessible name; shown as a tooltip too. */
  label: string;
  icon: TIcon;
};

const iconButtonClasses = clsx(
  'inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-gray-500 transition-colors',
  'hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-primary-600',
  'disabled:cursor-not-allowed disabled:opacity-50',
);

export function IconButton({
  label,
  icon: IconComponent,
  className,
  type = 'button',
  ...props
}: TIconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={clsx(iconButtonClasses, className)}
      {...props}
    >
      <IconComponent aria-hidden="true" className="size-5" />
    </button>
  );
}

type TIconLinkProps = Omit<ComponentPropsWithRef<typeof Link>, 'children' | 'className'> & {
  label: string;
  icon: TIcon;
  className?: string;
};

/** An icon-only link, named by its label (for example the header's settings and profile). */
export function IconLink({ label, icon: IconComponent, className, ...props }: TIconLinkProps) {
  return (
    <Link aria-label={label} title={label} className={clsx(iconButtonClasses, className)} {...props}>
      <IconComponent aria-hidden="true" className="size-5" />
    </Link>
  );
}

type TButtonLinkProps = ComponentPropsWithRef<typeof Link> &
  Omit<TButtonStyle, 'className'> & { icon?: TIcon };

/** A link that looks like a button, for actions that navigate. */
export function ButtonLink({
  variant,
  size,
  icon: IconComponent,
  className,
  children,
  ...props
}: TButtonLinkProps) {
  return (
    <Link
      className={buttonClasses({
        variant,
        size,
        className: typeof className === 'string' ? className : undefined,
      })}
      {...props}
    >
      {IconComponent && <IconComponent aria-hidden="true" className="size-4 shrink-0" />}
      {children}
    </Link>
  );
}
