import type { ButtonHTMLAttributes, ComponentPropsWithRef, ElementType, ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { SpinnerRing } from '../feedback/spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

interface ButtonOwnProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Shows a spinner, disables the button and sets aria-busy. */
  loading?: boolean;
  leftIcon?: ReactNode;
  rightIcon?: ReactNode;
}

/**
 * Polymorphic: `<Button as={Link} to="/events">` renders a router link styled as a button, with
 * the link's own props type-checked.
 */
export type ButtonProps<C extends ElementType = 'button'> = ButtonOwnProps & {
  as?: C;
} & Omit<ComponentPropsWithRef<C>, keyof ButtonOwnProps | 'as'>;

const variants: Record<ButtonVariant, ReturnType<typeof css>> = {
  primary: css`
    background: ${({ theme }) => theme.colors.primaryStrong};
    color: ${({ theme }) => theme.colors.onPrimary};
    box-shadow: ${({ theme }) => theme.shadows.xs};
    &:hover:not(:disabled, [aria-disabled='true']) {
      background: ${({ theme }) => theme.colors.primaryStrongHover};
    }
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.secondary};
    color: ${({ theme }) => theme.colors.onSecondary};
    box-shadow: ${({ theme }) => theme.shadows.xs};
    &:hover:not(:disabled, [aria-disabled='true']) {
      background: ${({ theme }) => theme.colors.secondaryHover};
    }
  `,
  outline: css`
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    border-color: ${({ theme }) => theme.colors.borderStrong};
    &:hover:not(:disabled, [aria-disabled='true']) {
      background: ${({ theme }) => theme.colors.surfaceMuted};
      border-color: ${({ theme }) => theme.colors.textSubtle};
    }
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.textMuted};
    &:hover:not(:disabled, [aria-disabled='true']) {
      background: ${({ theme }) => theme.colors.surfaceMuted};
      color: ${({ theme }) => theme.colors.text};
    }
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.danger};
    color: #ffffff;
    box-shadow: ${({ theme }) => theme.shadows.xs};
    &:hover:not(:disabled, [aria-disabled='true']) {
      background: ${({ theme }) => theme.colors.dangerHover};
    }
  `,
};

const sizes: Record<ButtonSize, ReturnType<typeof css>> = {
  sm: css`
    min-height: 32px;
    padding: 0 ${({ theme }) => theme.space.md};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    border-radius: ${({ theme }) => theme.radii.sm};
  `,
  md: css`
    min-height: 40px;
    padding: 0 ${({ theme }) => theme.space.lg};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  `,
  lg: css`
    min-height: 48px;
    padding: 0 ${({ theme }) => theme.space.xl};
    font-size: ${({ theme }) => theme.fontSizes.md};
  `,
  icon: css`
    width: 40px;
    height: 40px;
    padding: 0;
  `,
};

const Root = styled.button<{ $variant: ButtonVariant; $size: ButtonSize; $fullWidth: boolean }>`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  font-family: inherit;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: 1.2;
  text-align: center;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  user-select: none;
  transition:
    background-color ${({ theme }) => theme.transitions.fast},
    border-color ${({ theme }) => theme.transitions.fast},
    color ${({ theme }) => theme.transitions.fast},
    transform ${({ theme }) => theme.transitions.fast};
  -webkit-tap-highlight-color: transparent;

  ${({ $size }) => sizes[$size]}
  ${({ $variant }) => variants[$variant]}

  &:active:not(:disabled, [aria-disabled='true']) {
    transform: translateY(1px);
  }

  &:disabled,
  &[aria-disabled='true'] {
    opacity: 0.55;
    cursor: not-allowed;
    box-shadow: none;
  }
  &[aria-disabled='true'] {
    pointer-events: none;
  }
  &[aria-busy='true'] {
    cursor: progress;
  }

  & > svg {
    flex: none;
  }
`;

/**
 * A button in five variants and four sizes. Unlike the HTML default, a native button here is
 * `type="button"` unless told otherwise, so a Cancel button in a form never submits it; pass
 * `type="submit"` on the form's submit button.
 */
export function Button<C extends ElementType = 'button'>(props: ButtonProps<C>) {
  const {
    as,
    variant = 'primary',
    size = 'md',
    fullWidth = false,
    loading = false,
    leftIcon,
    rightIcon,
    children,
    ...rest
  } = props as ButtonOwnProps & { as?: ElementType; children?: ReactNode } & Record<string, unknown>;
  const native = as === undefined || as === 'button';
  const disabled = Boolean(rest.disabled) || loading;
  const nativeProps = native
    ? { type: (rest.type as ButtonHTMLAttributes<HTMLButtonElement>['type']) ?? 'button', disabled }
    : {};
  // Links cannot be disabled natively; aria-disabled plus pointer-events: none stands in.
  const linkProps = !native && disabled ? { 'aria-disabled': true, tabIndex: -1 } : {};
  return (
    <Root
      as={as}
      $variant={variant}
      $size={size}
      $fullWidth={fullWidth}
      aria-busy={loading || undefined}
      {...rest}
      {...nativeProps}
      {...linkProps}
    >
      {loading ? <SpinnerRing size={16} /> : leftIcon}
      {children}
      {rightIcon}
    </Root>
  );
}

/** A square icon-only button; `aria-label` is required because there is no visible text. */
export function IconButton<C extends ElementType = 'button'>(props: ButtonProps<C> & { 'aria-label': string }) {
  const { variant = 'ghost', size = 'icon', ...rest } = props as ButtonProps & { 'aria-label': string };
  return <Button variant={variant} size={size} {...rest} />;
}
