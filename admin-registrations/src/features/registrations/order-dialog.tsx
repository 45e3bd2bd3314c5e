import { useState } from 'react';
import styled from 'styled-components';
import type { AdminOrderResponse, Registration } from '@tdk/api/contract';
import { Button, Dialog, formatDateTime, formatRupees } from '@tdk/shared-ui';
import { DataTable, RegistrationStatusBadge, StatusBadge } from '@tdk/shared-ui/admin';
import { invoicePdfHref } from '../documents/invoice-pdf';
import { attendeeName } from './attendee';
import { lineTotal, messageKindText, messageStatusText, orderStatusText, orderStatusTone } from './order';
import { useOrder } from './queries';
import { canRefundOrder, refundedNames, refundStatusText, refundStatusTone, requestedByText } from './refund';
import { RefundDialog } from './refund-dialog';
import type { RegistrationAction } from './row-actions';
import { Row, Section, SectionBox } from './detail-section';

/** The booking the order view shows: its order id, and its reference to title it while it loads. */
export interface OpenBooking {
  orderId: string;
  bookingReference: string;
}

/**
 * The order view (decision 021): a booking's buyer, payment and lines, every attendee (each opens
 * in the details or edit dialog, over this one), its payments and refunds with what was paid,
 * refunded and is still due (decision 022; managers refund from here), and the e-mails sent about it.
 */
type OrderDocument = AdminOrderResponse['documents'][number];
/** The organiser's tax invoice and credit notes for the tickets; the platform's for its convenience fee (decision 067). */
const documentName = (d: OrderDocument) =>
  d.issuer === 'platform'
    ? `Convenience fee ${d.kind === 'invoice' ? 'invoice' : 'credit note'} (the platform's)`
    : d.kind === 'invoice'
      ? 'Tax invoice'
      : 'Credit note';
const documentShortName = (d: OrderDocument) =>
  `${d.issuer === 'platform' ? 'convenience fee ' : ''}${d.kind === 'invoice' ? 'invoice' : 'credit note'}`;

export function OrderDialog({
  booking,
  onClose,
  onAction,
  can,
}: {
  booking: OpenBooking | null;
  onClose: () => void;
  onAction: (action: RegistrationAction, registration: Registration) => void;
  can: (action: RegistrationAction) => boolean;
}) {
  const order = useOrder(booking?.orderId ?? null);
  const data = order.data;
  const reference = data?.order.bookingReference ?? booking?.bookingReference;
  const [refunding, setRefunding] = useState(false);
  return (
    <>
      <Dialog
        open={booking !== null}
        onClose={onClose}
        title="Booking"
        description={reference}
        size="xl"
        footer={
          <>
            {data && can('refund') && canRefundOrder(data) && (
              <Button variant="danger" onClick={() => setRefunding(true)}>
                Refund
              </Button>
            )}
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
          </>
        }
      >
        {order.isPending && <Muted>Loading the booking…</Muted>}
        {order.isError && <Muted role="alert">The booking could not be loaded.</Muted>}
        {data && (
          <Body>
            <Columns>
              <Section title="Buyer">
                <Row label="Name">{data.order.buyer.name || '–'}</Row>
                <Row label="Email">{data.order.buyer.email || '–'}</Row>
                <Row label="Phone">{data.order.buyer.phone || '–'}</Row>
              </Section>
              <Section title="Payment">
                <Row label="Status">
                  <StatusBadge tone={orderStatusTone(data.order.status)} label={orderStatusText(data.order.status)} size="sm" />
                </Row>
                <Row label="Amount paid">{formatRupees(data.order.amount)}</Row>
                <Row label="Method">{data.order.paymentMethod || '–'}</Row>
                <Row label="Cashfree payment ID">{data.order.cfPaymentId ? <code>{data.order.cfPaymentId}</code> : '–'}</Row>
                <Row label="Booked">{formatDateTime(data.order.createdAt)}</Row>
                <Row label="Order ID">
                  <code>{data.order.orderId}</code>
                </Row>
              </Section>
            </Columns>
            <SectionBox aria-label="Tickets bought">
              <h3>Tickets bought</h3>
              {data.order.lines.length === 0 ? (
                <Muted>No lines were recorded for this booking.</Muted>
              ) : (
                <Lines>
                  {data.order.lines.map((line, index) => (
                    <li key={`${line.ticketId ?? 'deleted'}-${index}`}>
                      <span>
                        {line.ticketName} × {line.quantity} @ {formatRupees(line.unitPrice)}
                      </span>
                      <strong>{formatRupees(lineTotal(line))}</strong>
                    </li>
                  ))}
                  {(data.order.fees ?? []).flatMap((fee) => [
                    <li key={`${fee.kind}-fee`}>
                      <span>Convenience fee ({fee.quantity === 1 ? '1 ticket' : `${fee.quantity} tickets`})</span>
                      <strong>{formatRupees(fee.feePaise / 100)}</strong>
                    </li>,
                    <li key={`${fee.kind}-gst`}>
                      <span>GST on convenience fee ({fee.gstRate}%)</span>
                      <strong>{formatRupees(fee.gstPaise / 100)}</strong>
                    </li>,
                  ])}
                  {(data.order.fees ?? []).length > 0 && (
                    <li>
                      <span>Total</span>
                      <strong>{formatRupees(data.order.amount)}</strong>
                    </li>
                  )}
                </Lines>
              )}
            </SectionBox>
            {can('invoice') && (
              <SectionBox aria-label="Invoices">
                <h3>Invoices</h3>
                {data.documents.length === 0 ? (
                  <Muted>No tax invoice was issued for this booking.</Muted>
                ) : (
                  <Lines>
                    {data.documents.map((document) => (
                      <li key={document.id}>
                        <span>
                          {documentName(document)} <code>{document.number}</code> · {formatDateTime(document.issuedAt)}
                        </span>
                        <Button
                          as="a"
                          size="sm"
                          variant="outline"
                          href={invoicePdfHref(document.id)}
                          download
                          aria-label={`Download ${documentShortName(document)} ${document.number}`}
                        >
                          Download {documentShortName(document)}
                        </Button>
                      </li>
                    ))}
                  </Lines>
                )}
              </SectionBox>
            )}
            <SectionBox>
              <h3>Attendees ({data.attendees.length})</h3>
              <DataTable
                caption="Attendees of this booking"
                hideCaption
                rows={data.attendees}
                getRowKey={(r) => r.id}
                emptyTitle="No attendees yet."
                emptyMessage="Attendees are recorded when the booking is paid."
                minWidth={900}
                columns={[
                  { key: 'number', header: 'Ticket #', render: (r) => <code>{r.registrationNumber}</code> },
                  {
                    key: 'name',
                    header: 'Name',
                    render: (r) => (
                      <>
                        {attendeeName(r) && <Block>{attendeeName(r)}</Block>}
                        {(r.detailsMissing || !attendeeName(r)) && (
                          <StatusBadge tone="yellow" size="sm" label="Details missing" />
                        )}
                      </>
                    ),
                  },
                  { key: 'ticket', header: 'Ticket type', render: (r) => r.ticketName },
                  { key: 'price', header: 'Price paid', align: 'right', render: (r) => formatRupees(r.amount) },
                  { key: 'team', header: 'Team', render: (r) => r.additionalInfo.teamName || '–' },
                  { key: 'bib', header: 'Bib', render: (r) => r.bib ?? '–' },
                  {
                    key: 'status',
                    header: 'Status',
                    render: (r) => (
                      <>
                        <RegistrationStatusBadge status={r.status} size="sm" />
                        {r.paymentStatus === 'Refunded' && (
                          <Block>
                            <StatusBadge tone="red" size="sm" label="Refunded" />
                          </Block>
                        )}
                      </>
                    ),
                  },
                  {
                    key: 'checkIn',
                    header: 'Check-in',
                    render: (r) =>
                      r.checkInTime
                        ? `${formatDateTime(r.checkInTime)}${r.checkInGate ? ` at ${r.checkInGate}` : ''}`
                        : 'Not checked in',
                  },
                  {
                    key: 'open',
                    header: 'Open',
                    align: 'right',
                    render: (r) => {
                      const who = `${r.registrationNumber}${attendeeName(r) ? `, ${attendeeName(r)}` : ''}`;
                      return (
                        <Actions>
                          {can('details') && (
                            <Button size="sm" variant="ghost" onClick={() => onAction('details', r)} aria-label={`View ${who}`}>
                              View
                            </Button>
                          )}
                          {can('edit') && (
                            <Button size="sm" variant="ghost" onClick={() => onAction('edit', r)} aria-label={`Edit ${who}`}>
                              Edit
                            </Button>
                          )}
                        </Actions>
                      );
                    },
                  },
                ]}
              />
            </SectionBox>
            <SectionBox aria-label="Payments and refunds">
              <h3>Payments and refunds</h3>
              <Money aria-label="Money of this booking">
                <div>
                  <dt>Paid</dt>
                  <dd>{formatRupees(data.money.paid)}</dd>
                </div>
                <div>
                  <dt>Refunded</dt>
                  <dd>{formatRupees(data.money.refunded)}</dd>
                </div>
                <div>
                  <dt>Refund due</dt>
                  <dd>{formatRupees(data.money.due)}</dd>
                </div>
                <div>
                  <dt>Left to refund</dt>
                  <dd>{formatRupees(data.money.refundable)}</dd>
                </div>
              </Money>
              <DataTable
                caption="Payments of this booking"
                rows={data.payments}
                getRowKey={(p) => p.id}
                emptyTitle="No payment recorded."
                emptyMessage="A payment is recorded when the provider confirms it."
                minWidth={640}
                columns={[
                  { key: 'when', header: 'Paid', render: (p) => formatDateTime(p.paidAt) },
                  { key: 'amount', header: 'Amount', align: 'right', render: (p) => formatRupees(p.amount) },
                  { key: 'method', header: 'Method', render: (p) => p.method },
                  {
                    key: 'id',
                    header: 'Payment ID',
                    render: (p) => (p.providerPaymentId ? <code>{p.providerPaymentId}</code> : '–'),
                  },
                ]}
              />
              <DataTable
                caption="Refunds of this booking"
                rows={data.refunds}
                getRowKey={(r) => r.id}
                emptyTitle="No refunds."
                emptyMessage="Nothing has been refunded on this booking."
                minWidth={900}
                columns={[
                  { key: 'when', header: 'Asked', render: (r) => formatDateTime(r.createdAt) },
                  { key: 'amount', header: 'Amount', align: 'right', render: (r) => formatRupees(r.amount) },
                  {
                    key: 'status',
                    header: 'Status',
                    render: (r) => (
                      <>
                        <StatusBadge tone={refundStatusTone(r.status)} label={refundStatusText(r.status)} size="sm" />
                        {r.note && <Block>{r.note}</Block>}
                      </>
                    ),
                  },
                  { key: 'attendees', header: 'Attendees', render: (r) => <Wrap>{refundedNames(r, data.attendees)}</Wrap> },
                  { key: 'reason', header: 'Reason', render: (r) => <Wrap>{r.reason}</Wrap> },
                  { key: 'by', header: 'By', render: (r) => <Wrap>{requestedByText(r.requestedBy)}</Wrap> },
                  {
                    key: 'id',
                    header: 'Refund ID',
                    render: (r) => (r.providerRefundId ? <code>{r.providerRefundId}</code> : '–'),
                  },
                ]}
              />
            </SectionBox>
            <SectionBox>
              <h3>Messages sent</h3>
              <DataTable
                caption="Messages sent about this booking"
                hideCaption
                rows={data.messages}
                getRowKey={(m) => m.id}
                emptyTitle="No messages yet."
                emptyMessage="No e-mail has been sent about this booking."
                minWidth={760}
                columns={[
                  { key: 'kind', header: 'Message', render: (m) => messageKindText(m.kind) },
                  { key: 'to', header: 'To', render: (m) => <Wrap>{m.to}</Wrap> },
                  { key: 'subject', header: 'Subject', render: (m) => <Wrap>{m.subject}</Wrap> },
                  { key: 'status', header: 'Status', render: (m) => messageStatusText(m) },
                  { key: 'sent', header: 'Sent', render: (m) => (m.sentAt ? formatDateTime(m.sentAt) : 'Not sent') },
                ]}
              />
            </SectionBox>
          </Body>
        )}
      </Dialog>
      <RefundDialog order={refunding && data ? data : null} onClose={() => setRefunding(false)} />
    </>
  );
}

const Money = styled.dl`
  margin: 0 0 ${({ theme }) => theme.space.md};
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: ${({ theme }) => theme.space.sm};

  div {
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
    padding: ${({ theme }) => theme.space.sm};
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
`;

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 300px), 1fr));
  gap: ${({ theme }) => theme.space.lg};
`;

const Lines = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  li {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.sm};
    padding-bottom: ${({ theme }) => theme.space.xs};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Actions = styled.span`
  display: inline-flex;
  gap: ${({ theme }) => theme.space.xs};
`;

const Block = styled.span`
  display: block;
`;

const Wrap = styled.span`
  display: block;
  max-width: 260px;
  overflow-wrap: anywhere;
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
