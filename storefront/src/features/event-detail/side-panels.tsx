import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { eventNotesFor, type SportEvent } from '@tdk/api/contract';
import { Link } from '@tdk/shared-ui/router';
import { BookmarkIcon, Button, indiaDateKey, ShareIcon, useFormats, useLanguage, useToast } from '@tdk/shared-ui';
import { useStorefrontT } from '../i18n';
import { BreakableEmail } from '../shared/breakable-email';
import { shareEvent } from '../shared/share';
import { useLikedEvent } from '../shared/use-liked-events';
import type { SummaryRow } from '../registration/order-summary';
import type { QuotedSummary } from '../registration/quote-summary';
import { SummaryRowLabel } from '../registration/summary-row';
import { policyNotes } from './policy-notes';

export function Panel({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const id = useId();
  return (
    <PanelRoot aria-labelledby={id} data-testid={testId}>
      <h2 id={id}>{title}</h2>
      {children}
    </PanelRoot>
  );
}

/**
 * The order so far: a row per ticket type, a team entry's per team (orderSummary), and the total.
 * With the server's quote (decision 031) the rows, any group discount, the promo code's discount,
 * the total and the GST inside it are the quote's; without one (loading or failed) the listed
 * total stays.
 */
export function BookingSummary({
  rows,
  total,
  quoted,
  promoField,
  action,
}: {
  rows: SummaryRow[];
  total: number;
  quoted?: QuotedSummary | null;
  /** 'Have a promo code?' (issue 25), drawn once tickets are chosen, above the total. */
  promoField?: ReactNode;
  action?: ReactNode;
}) {
  const t = useStorefrontT();
  const formats = useFormats();
  const shownRows = quoted?.rows ?? rows;
  const discounts = quoted?.discounts ?? [];
  const promo = quoted?.promo;
  const tax = quoted?.tax;
  const fee = quoted?.fee;
  return (
    <Panel title={t('summary.title')} testId="booking-summary">
      {shownRows.length === 0 ? (
        <Muted>{t('summary.none')}</Muted>
      ) : (
        <Lines>
          {shownRows.map((row) => (
            <li key={row.key} data-testid="summary-row">
              <SummaryRowLabel row={row} />
              <strong>{formats.rupees(row.amount)}</strong>
            </li>
          ))}
          {discounts.map((discount) => (
            <li key={discount.key} data-testid="summary-discount">
              <span>
                {t('summary.groupDiscount', {
                  percent: formats.number(discount.percent),
                  min: formats.number(discount.minQuantity),
                })}
              </span>
              <strong>−{formats.rupees(discount.amount)}</strong>
            </li>
          ))}
          {promo && (
            <li data-testid="summary-promo">
              <span>{t('summary.promoDiscount', { code: promo.code })}</span>
              <strong>−{formats.rupees(promo.amount)}</strong>
            </li>
          )}
          {fee && (
            <>
              <li data-testid="summary-fee">
                <span>{t('summary.convenienceFee', { count: fee.quantity, number: formats.number(fee.quantity) })}</span>
                <strong>{formats.rupees(fee.fee)}</strong>
              </li>
              <li data-testid="summary-fee-gst">
                <span>{t('summary.convenienceFeeGst', { rate: formats.number(fee.gstRate) })}</span>
                <strong>{formats.rupees(fee.gst)}</strong>
              </li>
            </>
          )}
        </Lines>
      )}
      {shownRows.length > 0 && promoField}
      <Total>
        <span>{discounts.length > 0 || promo || fee ? t('summary.total') : t('summary.subtotal')}</span>
        <strong data-testid="booking-subtotal">{formats.rupees(quoted?.total ?? total)}</strong>
      </Total>
      {tax && (
        <TaxNote data-testid="summary-tax">
          {t('summary.includesGst', { tax: formats.rupees(tax.tax), taxable: formats.rupees(tax.taxable) })}
          <br />
          {tax.mode === 'intra'
            ? t('summary.gstIntra', { cgst: formats.rupees(tax.cgst), local: tax.localLabel, sgst: formats.rupees(tax.sgst) })
            : t('summary.gstInter', { igst: formats.rupees(tax.igst) })}
        </TaxNote>
      )}
      {action}
    </Panel>
  );
}

/** In place of the booking panel on an ended event's page. */
export function EndedNotice({ cancelled = false }: { cancelled?: boolean }) {
  const t = useStorefrontT();
  return (
    <Panel title={cancelled ? t('detail.cancelled') : t('detail.ended')} testId="event-ended">
      <Muted>{cancelled ? t('detail.cancelledNote') : t('detail.closed')}</Muted>
      <Button as={Link} to="/events" fullWidth>
        {t('detail.browseUpcoming')}
      </Button>
    </Panel>
  );
}

export function EventInformation({ event }: { event: SportEvent }) {
  const t = useStorefrontT();
  const formats = useFormats();
  const spotsLeft = Math.max(0, event.maxParticipants - event.registered);
  return (
    <Panel title={t('info.title')} testId="event-information">
      <Facts>
        <div>
          <dt>{t('info.organizer')}</dt>
          <dd>{event.organizer || t('info.notSpecified')}</dd>
        </div>
        <div>
          <dt>{t('info.capacity')}</dt>
          <dd>{formats.number(event.maxParticipants)}</dd>
        </div>
        <div>
          <dt>{t('info.registered')}</dt>
          <dd data-testid="registered-count">{formats.number(event.registered)}</dd>
        </div>
        <div>
          <dt>{t('info.spotsLeft')}</dt>
          <dd data-testid="spots-left">{formats.number(spotsLeft)}</dd>
        </div>
        <div>
          <dt>{t('info.contact')}</dt>
          <dd>
            {event.contactEmail && (
              <a href={`mailto:${event.contactEmail}`}>
                <BreakableEmail email={event.contactEmail} />
              </a>
            )}
            {event.contactPhone && <a href={`tel:${event.contactPhone.replace(/[^\d+]/g, '')}`}>{event.contactPhone}</a>}
            {!event.contactEmail && !event.contactPhone && t('info.notSpecified')}
          </dd>
        </div>
      </Facts>
    </Panel>
  );
}

export function QuickActions({ event }: { event: SportEvent }) {
  const t = useStorefrontT();
  const { toast } = useToast();
  const [saved, toggleSaved] = useLikedEvent(event.id);
  return (
    <Panel title={t('actions.title')}>
      <ActionRow>
        <Button variant="outline" aria-pressed={saved} onClick={toggleSaved} leftIcon={<BookmarkIcon size={18} filled={saved} />}>
          {saved ? t('actions.saved') : t('actions.save')}
        </Button>
        <Button variant="outline" onClick={() => void shareEvent(event, toast, t)} leftIcon={<ShareIcon size={18} />}>
          {t('actions.share')}
        </Button>
      </ActionRow>
    </Panel>
  );
}

/** The event's own arrival and ID notes (as its e-mails and tickets say them), then what its policy allows after the sale. */
export function Notices({ event }: { event: SportEvent }) {
  const t = useStorefrontT();
  const formats = useFormats();
  const { language } = useLanguage();
  return (
    <Panel title={t('notice.title')} testId="event-notices">
      <NoticeList>
        {eventNotesFor(event.notes, language).map((note) => (
          <li key={note}>{note}</li>
        ))}
        {policyNotes(event.selfService, event.postponement, indiaDateKey()).map((note) => (
          <li key={note.key}>{t(note.key, { ...note.values, ...(note.date && { date: formats.longDate(note.date) }) })}</li>
        ))}
      </NoticeList>
    </Panel>
  );
}

const PanelRoot = styled.section`
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.xs};

  h2 {
    margin: 0 0 ${({ theme }) => theme.space.md};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Muted = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Lines = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  li {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.md};
  }
  li > strong {
    flex: none;
  }
`;

const Total = styled.div`
  display: flex;
  justify-content: space-between;
  margin-bottom: ${({ theme }) => theme.space.md};
  padding-top: ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.fontSizes.md};

  strong {
    color: ${({ theme }) => theme.colors.primaryText};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const TaxNote = styled.p`
  margin: -${({ theme }) => theme.space.sm} 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  text-align: right;
`;

const Facts = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  div {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.md};
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    display: flex;
    flex-direction: column;
    align-items: flex-end;
    margin: 0;
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    text-align: right;
    overflow-wrap: break-word;
    min-width: 0;
  }
  a {
    color: ${({ theme }) => theme.colors.secondary};
    /* The e-mail and phone sit one above the other: each a 24 px target (WCAG 2.5.8). */
    display: inline-flex;
    align-items: center;
    min-height: 24px;
  }
`;

const ActionRow = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space.sm};
`;

const NoticeList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding-left: 1.2em;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  li::marker {
    color: ${({ theme }) => theme.colors.primary};
  }
`;
