import { useId, type ReactNode } from 'react';
import styled from 'styled-components';

const Row = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.lg};
`;

const Text = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;

  label {
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    cursor: pointer;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;

const Track = styled.button`
  position: relative;
  flex: none;
  width: 44px;
  height: 24px;
  padding: 0;
  border: none;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.borderStrong};
  transition: background-color ${({ theme }) => theme.transitions.fast};

  &[aria-checked='true'] {
    background: ${({ theme }) => theme.colors.primaryStrong};
  }
  &:disabled {
    opacity: 0.5;
  }

  &::after {
    content: '';
    position: absolute;
    top: 2px;
    left: 2px;
    width: 20px;
    height: 20px;
    border-radius: 50%;
    background: #ffffff;
    box-shadow: ${({ theme }) => theme.shadows.sm};
    transition: transform ${({ theme }) => theme.transitions.fast};
  }
  &[aria-checked='true']::after {
    transform: translateX(20px);
  }
`;

export interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Visible label; without it pass aria-label. */
  label?: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
  className?: string;
}

/** An on/off toggle (role="switch"), e.g. 'Show expired tickets' or the settings toggles. */
export function Switch({ checked, onCheckedChange, label, description, disabled, id, className, ...aria }: SwitchProps) {
  const generated = useId();
  const controlId = id ?? `switch-${generated}`;
  const descriptionId = description ? `${controlId}-description` : undefined;
  const track = (
    <Track
      type="button"
      role="switch"
      id={controlId}
      aria-checked={checked}
      aria-describedby={descriptionId}
      aria-label={aria['aria-label']}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
    />
  );
  if (!label && !description) return <span className={className}>{track}</span>;
  return (
    <Row className={className}>
      <Text>
        {label && <label htmlFor={controlId}>{label}</label>}
        {description && <p id={descriptionId}>{description}</p>}
      </Text>
      {track}
    </Row>
  );
}
