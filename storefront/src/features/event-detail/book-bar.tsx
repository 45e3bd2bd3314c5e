import styled, { createGlobalStyle } from 'styled-components';
import { type SportEvent } from '@tdk/api/contract';
import { Button, useFormats, usePriceFormats } from '@tdk/shared-ui';
import { useStorefrontT } from '../i18n';

/** The bar's height on a phone: the page and the toasts leave this much room under it. */
const BAR_HEIGHT = '72px';

/**
 * The page's one booking button ('Book' until a ticket is chosen, then 'Continue to Register').
 * On a laptop it closes the Booking Summary in the sticky side column; below the laptop breakpoint
 * the same element is a bar fixed to the bottom of the screen, with the entry fee (or what is
 * chosen so far), so the way to book follows the page on a phone (issue 27). One element in both
 * places: no second button for keyboards and screen readers to meet.
 */
export function BookBar({
  event,
  count,
  total,
  onBook,
}: {
  event: SportEvent;
  count: number;
  total: number;
  onBook: () => void;
}) {
  const t = useStorefrontT();
  const formats = useFormats();
  const prices = usePriceFormats();
  return (
    <Bar data-testid="book-bar">
      <RoomBelowPage />
      <Price>
        {count === 0 ? (
          <>
            <small>{t('detail.entryFee')}</small>
            <strong>{prices.range(event.startingPrice, event.highestPrice)}</strong>
          </>
        ) : (
          <>
            <small>{t('book.selected', { count, number: formats.number(count) })}</small>
            <strong>{formats.rupees(total)}</strong>
          </>
        )}
      </Price>
      <Button onClick={onBook} data-testid="book-button">
        {count > 0 ? t('tickets.continue') : t('book.cta')}
      </Button>
    </Bar>
  );
}

// While the bar is on screen on a phone, the page ends above it and the toasts rise over it.
const RoomBelowPage = createGlobalStyle`
  @media (max-width: ${({ theme }) => theme.breakpoints.laptop - 0.02}px) {
    :root {
      --tdk-bottom-bar: ${BAR_HEIGHT};
    }
    body {
      padding-bottom: ${BAR_HEIGHT};
    }
  }
`;

const Bar = styled.div`
  display: grid;

  @media (max-width: ${({ theme }) => theme.breakpoints.laptop - 0.02}px) {
    position: fixed;
    right: 0;
    bottom: 0;
    left: 0;
    z-index: ${({ theme }) => theme.zIndices.sticky};
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: center;
    gap: ${({ theme }) => theme.space.md};
    min-height: ${BAR_HEIGHT};
    padding: ${({ theme }) => theme.space.sm} clamp(12px, 4vw, 40px);
    padding-bottom: calc(${({ theme }) => theme.space.sm} + env(safe-area-inset-bottom, 0px));
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    box-shadow: 0 -4px 16px rgb(0 0 0 / 0.08);
  }
`;

const Price = styled.p`
  display: none;
  margin: 0;

  @media (max-width: ${({ theme }) => theme.breakpoints.laptop - 0.02}px) {
    display: grid;
    min-width: 0;
    line-height: 1.25;

    small {
      color: ${({ theme }) => theme.colors.textMuted};
      font-size: ${({ theme }) => theme.fontSizes.xs};
    }
    strong {
      color: ${({ theme }) => theme.colors.primaryText};
      font-size: ${({ theme }) => theme.fontSizes.lg};
      overflow-wrap: anywhere;
    }
  }
`;
