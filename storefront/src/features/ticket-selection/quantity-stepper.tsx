import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { IconButton, MinusIcon, PlusIcon } from '@tdk/shared-ui';
import { clampQuantity } from './quantity';
import { useCheckoutT } from '../checkout-messages/i18n';

export interface QuantityStepperProps {
  /** Names the controls: 'Decrease Player Pass', 'Quantity of Player Pass'. */
  label: string;
  value: number;
  available: number;
  onChange: (quantity: number) => void;
  /** A note on what is counted (a team entry's 'Number of teams'), read with the number. */
  describedBy?: string;
}

/** − / number / + for one ticket type, always clamped between 0 and the available count. */
export function QuantityStepper({ label, value, available, onChange, describedBy }: QuantityStepperProps) {
  const t = useCheckoutT();
  // The box may be empty while typing; the committed quantity never is.
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const max = clampQuantity(available, available);

  function commit(raw: string) {
    const next = clampQuantity(raw.trim() === '' ? 0 : Number(raw), available);
    setText(String(next));
    if (next !== value) onChange(next);
  }

  return (
    <Root role="group" aria-label={t('quantity.group', { name: label })}>
      <IconButton
        variant="outline"
        aria-label={t('quantity.decrease', { name: label })}
        disabled={value <= 0}
        onClick={() => onChange(clampQuantity(value - 1, available))}
      >
        <MinusIcon size={18} />
      </IconButton>
      <NumberBox
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        step={1}
        aria-label={t('quantity.of', { name: label })}
        aria-describedby={describedBy}
        value={text}
        disabled={max === 0}
        onChange={(event) => {
          const raw = event.target.value;
          setText(raw);
          if (raw.trim() !== '') {
            const next = clampQuantity(Number(raw), available);
            if (String(next) !== raw) setText(String(next));
            if (next !== value) onChange(next);
          }
        }}
        onBlur={(event) => commit(event.target.value)}
      />
      <IconButton
        variant="outline"
        aria-label={t('quantity.increase', { name: label })}
        disabled={value >= max}
        onClick={() => onChange(clampQuantity(value + 1, available))}
      >
        <PlusIcon size={18} />
      </IconButton>
    </Root>
  );
}

const Root = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;

const NumberBox = styled.input`
  width: 64px;
  height: 40px;
  padding: 0 ${({ theme }) => theme.space.xs};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-align: center;
  -moz-appearance: textfield;

  &::-webkit-outer-spin-button,
  &::-webkit-inner-spin-button {
    margin: 0;
    -webkit-appearance: none;
  }
  &:disabled {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;
