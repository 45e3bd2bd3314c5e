import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import styled from 'styled-components';
import { Label } from './label';

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const ErrorText = styled.p`
  margin: 0;
  display: flex;
  gap: 4px;
  color: ${({ theme }) => theme.colors.dangerHover};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

/** What a Field hands to its control so the label, hint and error are wired up. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  required?: boolean;
}

export interface FieldProps {
  label: ReactNode;
  /** The control. A single element gets the props of FieldControlProps merged in; a function
   * receives them, for controls whose id or ARIA props live on an inner element. */
  children: ReactElement | ((control: FieldControlProps) => ReactNode);
  /** Id of the control; generated when absent (or taken from the child's own id). */
  id?: string;
  /** Same as `id`, named after the label attribute it ends up in. */
  htmlFor?: string;
  error?: string | null | false;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
}

function joinIds(...ids: (string | undefined | false | null)[]): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}

/**
 * Label + control + hint + error message. The error is tied to the control with
 * aria-describedby and aria-invalid, so screen readers read it when the control gets focus.
 */
export function Field({ label, children, id, htmlFor, error, hint, required, className }: FieldProps) {
  const generated = useId();
  const childProps = isValidElement(children) ? (children.props as Record<string, unknown>) : {};
  const controlId = id ?? htmlFor ?? (typeof childProps.id === 'string' ? childProps.id : undefined) ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;

  const control: FieldControlProps = {
    id: controlId,
    'aria-describedby': joinIds(childProps['aria-describedby'] as string | undefined, hintId, errorId),
    ...(error ? { 'aria-invalid': true as const } : {}),
    ...(required ? { required: true } : {}),
  };

  return (
    <Root className={className}>
      <Label htmlFor={controlId} required={required}>
        {label}
      </Label>
      {typeof children === 'function' ? children(control) : isValidElement(children) ? cloneElement(children, control) : children}
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </Root>
  );
}
