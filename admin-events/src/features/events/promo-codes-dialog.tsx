// An event's promo codes in the console (issue 25, decision 033): each code with its discount,
// ticket types, validity, uses against its limit, tickets held by unpaid orders, revenue and the
// seats still reserved for it. Every staff role sees them; managers create one, switch one off or
// on (a code already used stays on its orders) and export the list with its revenue as CSV.
import { useState } from 'react';
import styled from 'styled-components';
import type { PromoCode, SportEvent } from '@tdk/api/contract';
import { Button, Dialog, DownloadIcon, formatNumber, formatRupees, getErrorMessage, useToast } from '@tdk/shared-ui';
import { DataTable, type DataTableColumn } from '@tdk/shared-ui/admin';
import { activeColumn } from './discount-parts';
import { ticketTypesText } from './group-discounts-dialog';
import { NewPromoCodeDialog } from './new-promo-code-dialog';
import { STATUS_TEXT, discountText, promoCodesExportHref, reservedText, usesText, validityText } from './promo-code-text';
import { useEventTicketTypes, usePromoCodes, useSetPromoCodeActive } from './queries';

export function PromoCodesDialog({
  event,
  canWrite,
  seesRevenue,
  onClose,
}: {
  event: SportEvent | null;
  canWrite: boolean;
  /** Each code's takings are revenue: managers and admins (decision 047). */
  seesRevenue: boolean;
  onClose: () => void;
}) {
  const { toast } = useToast();
  const codes = usePromoCodes(event?.id ?? null);
  const types = useEventTicketTypes(event?.id);
  const save = useSetPromoCodeActive(event?.id ?? 0);
  const [creating, setCreating] = useState(false);
  const typeList = types.data ?? [];

  const setActive = async (code: PromoCode, active: boolean) => {
    try {
      await save.mutateAsync({ id: code.id, active });
      toast({
        title: active ? 'Promo code enabled' : 'Promo code disabled',
        description: active
          ? `${code.code} can be used again.`
          : `${code.code} is refused from now on; orders that used it keep it.`,
        variant: 'success',
      });
    } catch (error) {
      toast({ title: 'Error', description: getErrorMessage(error), variant: 'destructive' });
    }
  };

  const revenueColumn: DataTableColumn<PromoCode> = {
    key: 'revenue',
    header: 'Revenue',
    align: 'right',
    render: (c) => formatRupees((c.revenuePaise ?? 0) / 100),
  };
  const columns: DataTableColumn<PromoCode>[] = [
    {
      key: 'code',
      header: 'Code',
      render: (c) => (
        <CodeCell>
          <code>{c.code}</code>
          <small>{STATUS_TEXT[c.status]}</small>
        </CodeCell>
      ),
    },
    { key: 'discount', header: 'Discount', render: (c) => discountText(c) },
    { key: 'types', header: 'Ticket types', render: (c) => ticketTypesText(c.ticketTypeIds, typeList) },
    { key: 'validity', header: 'Valid (IST)', render: (c) => validityText(c) },
    { key: 'uses', header: 'Uses / limit', render: (c) => usesText(c) },
    { key: 'held', header: 'Held', align: 'right', render: (c) => formatNumber(c.held) },
    ...(seesRevenue ? [revenueColumn] : []),
    { key: 'reserved', header: 'Reserved left', align: 'right', render: (c) => reservedText(c) },
    activeColumn<PromoCode>({
      canWrite,
      pending: save.isPending,
      nameOf: (c) => c.code,
      onChange: (c, on) => void setActive(c, on),
    }),
  ];

  return (
    <>
      <Dialog
        open={event !== null}
        onClose={onClose}
        title={event ? `Promo codes: ${event.title}` : 'Promo codes'}
        size="xl"
        footer={
          <>
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
            {canWrite && event && (
              <Button
                as="a"
                href={promoCodesExportHref(event.id)}
                variant="outline"
                leftIcon={<DownloadIcon size={18} />}
                download
              >
                Export CSV
              </Button>
            )}
            {canWrite && <Button onClick={() => setCreating(true)}>New code</Button>}
          </>
        }
      >
        <Intro>
          A buyer types a code in the Booking Summary and sees what it takes off before paying. A use is one ticket: uses are
          counted when an order is paid and given back when it is refunded; held tickets are in unpaid orders and count against
          the limit until their hold lapses. Revenue is what buyers paid for the tickets the code discounted, less refunds.
        </Intro>
        {codes.error && <p role="alert">Failed to load the promo codes.</p>}
        <DataTable
          caption="Promo codes"
          hideCaption
          loading={codes.isPending}
          rows={codes.data ?? []}
          getRowKey={(c) => c.id}
          emptyTitle="No promo codes."
          emptyMessage={
            canWrite ? 'Create one for an early-bird offer or a sponsor’s block of seats.' : 'A manager can create one.'
          }
          minWidth={960}
          columns={columns}
        />
      </Dialog>
      {canWrite && event && (
        <NewPromoCodeDialog open={creating} eventId={event.id} ticketTypes={typeList} onClose={() => setCreating(false)} />
      )}
    </>
  );
}

const Intro = styled.p`
  margin-top: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const CodeCell = styled.span`
  display: flex;
  flex-direction: column;

  code {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    overflow-wrap: anywhere;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
