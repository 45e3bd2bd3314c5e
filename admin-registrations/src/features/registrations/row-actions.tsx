import { useRef, useState } from 'react';
import * as Menu from '@radix-ui/react-dropdown-menu';
import styled from 'styled-components';
import type { Registration } from '@tdk/api/contract';
import { paidOffline } from './offline-refund-dialog';

/** 'refund' and 'invoice' are taken from the booking view, not the row's menu. */
export type RegistrationAction =
  | 'details'
  | 'booking'
  | 'edit'
  | 'correctName'
  | 'cancel'
  | 'ticket'
  | 'download'
  | 'whatsapp'
  | 'email'
  | 'delete'
  | 'refund'
  | 'offlineRefund'
  | 'invoice';

const ITEMS: { action: RegistrationAction; label: string }[] = [
  { action: 'details', label: 'View Details' },
  { action: 'booking', label: 'Open Booking' },
  { action: 'edit', label: 'Edit Registration' },
  // Support answering a caller (decision 047).
  { action: 'correctName', label: 'Correct Name' },
  { action: 'cancel', label: 'Cancel Attendee' },
  { action: 'ticket', label: 'View Ticket' },
  { action: 'download', label: 'Download Ticket' },
  { action: 'whatsapp', label: 'Send WhatsApp' },
  { action: 'email', label: 'Send Email' },
  { action: 'offlineRefund', label: 'Record Offline Refund' },
  { action: 'delete', label: 'Delete Registration' },
];

/**
 * Whether the row offers an action at all: a booking needs an order, an offline refund an attendee
 * paid offline, a cancellation for a caller a paid attendee of an online booking not yet cancelled.
 */
const applies = (action: RegistrationAction, registration: Registration) => {
  if (action === 'booking') return registration.orderId !== null;
  if (action === 'offlineRefund') return paidOffline(registration);
  if (action === 'cancel') return cancellableForCaller(registration);
  return true;
};

/** An attendee support may cancel for a caller (the event's rules decide the rest on the server). */
export const cancellableForCaller = (registration: Registration) =>
  registration.orderId !== null && registration.paymentStatus === 'Paid' && registration.status !== 'Cancelled';

/** The row's actions menu (SPEC.md section 2), a WAI-ARIA menu button by keyboard and pointer. */
export function RowActions({
  registration,
  onAction,
  can,
}: {
  registration: Registration;
  onAction: (action: RegistrationAction, registration: Registration) => void;
  /** Actions the signed-in role may take; the others are not offered (nor a booking to an attendee without an order). */
  can: (action: RegistrationAction) => boolean;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  // The open menu is drawn inside the page's main landmark (the trigger's), not loose in <body>:
  // all of a page's content belongs to a landmark (axe's region rule).
  const [landmark, setLandmark] = useState<HTMLElement | null>(null);
  return (
    <Menu.Root modal={false} onOpenChange={(open) => open && setLandmark(trigger.current?.closest('main') ?? null)}>
      <Trigger ref={trigger} aria-label={`Actions for ${registration.registrationNumber}`}>
        ⋯
      </Trigger>
      <Menu.Portal container={landmark}>
        <Content align="end" sideOffset={4}>
          {ITEMS.filter((item) => can(item.action) && applies(item.action, registration)).map((item) => (
            <Item
              key={item.action}
              data-danger={item.action === 'delete' || item.action === 'cancel' || undefined}
              onSelect={() => onAction(item.action, registration)}
            >
              {item.label}
            </Item>
          ))}
        </Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

const Trigger = styled(Menu.Trigger)`
  width: 36px;
  height: 36px;
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: 1.2rem;
  line-height: 1;
  cursor: pointer;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Content = styled(Menu.Content)`
  min-width: 200px;
  padding: ${({ theme }) => theme.space.xs};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  z-index: ${({ theme }) => theme.zIndices.dropdown};
`;

const Item = styled(Menu.Item)`
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radii.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  cursor: pointer;
  outline: none;
  color: ${({ theme }) => theme.colors.text};

  &[data-highlighted] {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  &[data-danger] {
    color: ${({ theme }) => theme.colors.dangerHover};
  }
`;
