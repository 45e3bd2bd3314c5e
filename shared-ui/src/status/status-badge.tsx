import type { HTMLAttributes, ReactNode } from 'react';
import styled from 'styled-components';
import type { EventStatus, PaymentStatus, RegistrationStatus, TicketStatus } from '@tdk/api/contract';
import type { Tone } from '../theme/theme';
import { eventStatusTone, paymentStatusTone, registrationStatusTone, ticketStatusTone } from './status-tones';

const Root = styled.span<{ $tone: Tone; $size: 'sm' | 'md' }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  max-width: 100%;
  padding: ${({ $size }) => ($size === 'sm' ? '1px 8px' : '3px 10px')};
  border: 1px solid ${({ theme, $tone }) => theme.tones[$tone].border};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme, $tone }) => theme.tones[$tone].bg};
  color: ${({ theme, $tone }) => theme.tones[$tone].fg};
  font-size: ${({ theme, $size }) => ($size === 'sm' ? theme.fontSizes.xs : theme.fontSizes.sm)};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: 1.5;
  white-space: nowrap;
  vertical-align: middle;
`;

// The dot repeats the colour as a shape so the badge does not rely on hue alone next to text.
const Dot = styled.span<{ $tone: Tone }>`
  flex: none;
  width: 6px;
  height: 6px;
  border-radius: 50%;
  background: ${({ theme, $tone }) => theme.tones[$tone].solid};
`;

export interface StatusBadgeProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  tone: Tone;
  label: ReactNode;
  size?: 'sm' | 'md';
  /** Show a small coloured dot before the label (default true). */
  dot?: boolean;
}

export function StatusBadge({ tone, label, size = 'md', dot = true, ...rest }: StatusBadgeProps) {
  return (
    <Root $tone={tone} $size={size} data-tone={tone} {...rest}>
      {dot && <Dot $tone={tone} aria-hidden="true" />}
      {label}
    </Root>
  );
}

type KnownOr<T extends string> = T | (string & {});

interface TypedBadgeProps<S extends string> extends Omit<StatusBadgeProps, 'tone' | 'label'> {
  status: KnownOr<S> | null | undefined;
  /** Text shown instead of the status value (the tone still follows the status). */
  label?: ReactNode;
}

/** Missing statuses render as a grey 'Unknown' badge instead of an empty pill. */
function labelFor(status: string | null | undefined, label: ReactNode): ReactNode {
  return label ?? (status ? status : 'Unknown');
}

export function EventStatusBadge({ status, label, ...rest }: TypedBadgeProps<EventStatus>) {
  return <StatusBadge tone={eventStatusTone(status)} label={labelFor(status, label)} data-status={status ?? ''} {...rest} />;
}

export function TicketStatusBadge({ status, label, ...rest }: TypedBadgeProps<TicketStatus>) {
  return <StatusBadge tone={ticketStatusTone(status)} label={labelFor(status, label)} data-status={status ?? ''} {...rest} />;
}

export function RegistrationStatusBadge({ status, label, ...rest }: TypedBadgeProps<RegistrationStatus>) {
  return (
    <StatusBadge tone={registrationStatusTone(status)} label={labelFor(status, label)} data-status={status ?? ''} {...rest} />
  );
}

export function PaymentStatusBadge({ status, label, ...rest }: TypedBadgeProps<PaymentStatus>) {
  return <StatusBadge tone={paymentStatusTone(status)} label={labelFor(status, label)} data-status={status ?? ''} {...rest} />;
}
