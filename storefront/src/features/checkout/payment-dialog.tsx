import styled, { keyframes } from 'styled-components';
import { AlertTriangleIcon, Button, CheckCircleIcon, Dialog, InfoIcon, SpinnerRing, useFormats } from '@tdk/shared-ui';
import { useCheckoutT } from '../checkout-messages/i18n';
import { BreakableEmail } from '../shared/breakable-email';
import { SummaryRowLabel } from '../registration/summary-row';
import { CheckoutAgreement } from '../legal/checkout-agreement';
import type { CheckoutInput, CheckoutState } from './use-checkout';

export interface PaymentDialogProps {
  input: CheckoutInput | null;
  state: CheckoutState;
  onPay: () => void;
  onClose: () => void;
}

const STEP_TEXT = {
  order: 'pay.stepOrder',
  checkout: 'pay.stepCheckout',
  verify: 'pay.stepVerify',
} as const;

/**
 * The Payment dialog of SPEC.md section 2: idle, processing, success, failed, and cancelled when
 * the buyer closed the checkout. For a free registration it is the Registration dialog and never
 * mentions payment.
 */
export function PaymentDialog({ input, state, onPay, onClose }: PaymentDialogProps) {
  const t = useCheckoutT();
  const formats = useFormats();
  const busy = state.status === 'processing' || state.status === 'success';
  const free = input !== null && input.total <= 0;
  const payLabel = free ? t('pay.confirm') : input ? t('submit.pay', { amount: formats.rupees(input.total) }) : '';
  return (
    <Dialog
      // While the provider's own checkout modal is up, this dialog steps aside so that the two
      // modals do not fight over focus; it comes back to confirm the payment.
      open={input !== null && !(state.status === 'processing' && state.step === 'checkout')}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={free ? t('pay.registrationTitle') : t('pay.paymentTitle')}
      description={input ? input.eventTitle : undefined}
      size="sm"
      hideCloseButton={busy}
      closeOnBackdropClick={!busy}
      footer={
        state.status === 'idle' ? (
          <>
            <Button variant="outline" onClick={onClose}>
              {t('pay.cancel')}
            </Button>
            <Button onClick={onPay}>{payLabel}</Button>
          </>
        ) : state.status === 'confirm-email' ? (
          <Button onClick={onClose}>{t('pay.close')}</Button>
        ) : state.status === 'failed' || state.status === 'cancelled' ? (
          <>
            <Button variant="outline" onClick={onClose}>
              {t('pay.close')}
            </Button>
            <Button onClick={onPay}>{t('pay.tryAgain')}</Button>
          </>
        ) : undefined
      }
    >
      {input && (
        <Body data-testid="payment-dialog" data-state={state.status}>
          {state.status === 'idle' && (
            <>
              <Lines>
                {input.rows.map((row) => (
                  <li key={row.key}>
                    <SummaryRowLabel row={row} />
                    <Amount>{formats.rupees(row.amount)}</Amount>
                  </li>
                ))}
                {input.discounts?.map((discount) => (
                  <li key={discount.key} data-testid="pay-discount">
                    <span>
                      {t('summary.groupDiscount', {
                        percent: formats.number(discount.percent),
                        min: formats.number(discount.minQuantity),
                      })}
                    </span>
                    <Amount>−{formats.rupees(discount.amount)}</Amount>
                  </li>
                ))}
                {input.promo && (
                  <li data-testid="pay-promo">
                    <span>{t('summary.promoDiscount', { code: input.promo.code })}</span>
                    <Amount>−{formats.rupees(input.promo.amount)}</Amount>
                  </li>
                )}
                {input.fee && (
                  <>
                    <li data-testid="pay-fee">
                      <span>
                        {t('summary.convenienceFee', { count: input.fee.quantity, number: formats.number(input.fee.quantity) })}
                      </span>
                      <Amount>{formats.rupees(input.fee.fee)}</Amount>
                    </li>
                    <li data-testid="pay-fee-gst">
                      <span>{t('summary.convenienceFeeGst', { rate: formats.number(input.fee.gstRate) })}</span>
                      <Amount>{formats.rupees(input.fee.gst)}</Amount>
                    </li>
                  </>
                )}
                <Total>
                  <span>{t('pay.total')}</span>
                  <strong>{formats.rupees(input.total)}</strong>
                </Total>
              </Lines>
              <Muted>
                {t('pay.buyer')} <strong>{input.buyer.fullName}</strong> (
                <BreakableEmail email={input.buyer.email} />
                ). {free ? t('pay.free') : t('pay.secure')}
              </Muted>
              <CheckoutAgreement free={free} />
            </>
          )}
          {state.status === 'processing' && (
            <StatusBlock role="status" aria-live="polite">
              <SpinnerRing size={36} />
              <p>{free ? t('pay.registering') : t(STEP_TEXT[state.step ?? 'order'])}</p>
            </StatusBlock>
          )}
          {state.status === 'success' && (
            <StatusBlock role="status" aria-live="polite" $tone="success">
              <Pop>
                <CheckCircleIcon size={48} />
              </Pop>
              <h3>{free ? t('checkout.registeredTitle') : t('pay.paidTitle')}</h3>
              <p>
                {!free && state.amount !== undefined && `${t('pay.amountPaid', { amount: formats.rupees(state.amount) })} `}
                {state.registrationNumber && (
                  <>
                    {t('pay.registrationNumber')} <strong>{state.registrationNumber}</strong>
                  </>
                )}
              </p>
            </StatusBlock>
          )}
          {state.status === 'confirm-email' && state.confirmation && (
            <StatusBlock role="status" aria-live="polite" $tone="neutral" data-testid="confirm-email">
              <InfoIcon size={44} />
              <h3>{t('checkout.confirmEmailTitle')}</h3>
              <p>
                {t('checkout.confirmEmailBody', {
                  email: state.confirmation.email,
                  until: formats.dateTime(state.confirmation.holdExpiresAt),
                })}
              </p>
            </StatusBlock>
          )}
          {state.status === 'cancelled' && (
            <StatusBlock role="status" $tone="neutral">
              <InfoIcon size={44} />
              <h3>{state.message}</h3>
              <p>{t('pay.cancelledHelp')}</p>
            </StatusBlock>
          )}
          {state.status === 'failed' && (
            <StatusBlock role="alert" $tone="danger">
              <AlertTriangleIcon size={44} />
              <h3>{state.message}</h3>
            </StatusBlock>
          )}
        </Body>
      )}
    </Dialog>
  );
}

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;

const Lines = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.md};
  }
`;

const Amount = styled.span`
  flex: none;
`;

const Total = styled.li`
  padding-top: ${({ theme }) => theme.space.sm};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.fontSizes.lg};

  strong {
    color: ${({ theme }) => theme.colors.primaryText};
  }
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: break-word;
`;

const TONE_COLOUR = { success: 'success', danger: 'danger', neutral: 'textMuted' } as const;
const HEADING_COLOUR = { success: 'success', danger: 'dangerHover', neutral: 'text' } as const;

const StatusBlock = styled.div<{ $tone?: 'success' | 'danger' | 'neutral' }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg} 0;
  text-align: center;

  & > svg {
    color: ${({ theme, $tone = 'success' }) => theme.colors[TONE_COLOUR[$tone]]};
  }
  h3 {
    margin: 0;
    color: ${({ theme, $tone = 'success' }) => theme.colors[HEADING_COLOUR[$tone]]};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const pop = keyframes`
  from { transform: scale(0.6); opacity: 0; }
  to { transform: none; opacity: 1; }
`;

const Pop = styled.span`
  color: ${({ theme }) => theme.colors.success};
  animation: ${pop} 240ms cubic-bezier(0.2, 0.8, 0.2, 1);
`;
