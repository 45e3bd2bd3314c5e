import styled from 'styled-components';
import type { WaitingListOfferResponse } from '@tdk/api/contract';
import { useFormats } from '@tdk/shared-ui';
import { useStorefrontT } from '../i18n';

/** What a waiting-list offer's link says above the checkout form: held until when, or why not any more. */
export function OfferNotice({ offer }: { offer: WaitingListOfferResponse }) {
  const t = useStorefrontT();
  const formats = useFormats();
  if (offer.status === 'offered' && offer.expiresAt) {
    return (
      <Notice role="status" $tone="green" data-testid="waiting-list-offer">
        {t('offer.held', {
          count: offer.quantity,
          number: formats.number(offer.quantity),
          name: offer.ticketName,
          until: formats.dateTime(offer.expiresAt),
        })}
      </Notice>
    );
  }
  return (
    <Notice role="alert" $tone="red" data-testid="waiting-list-offer">
      {offer.status === 'expired' ? t('offer.expired') : offer.status === 'used' ? t('offer.used') : t('offer.invalid')}
    </Notice>
  );
}

const Notice = styled.p<{ $tone: 'green' | 'red' }>`
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $tone }) => theme.tones[$tone].bg};
  color: ${({ theme, $tone }) => theme.tones[$tone].fg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;
