import styled from 'styled-components';
import { VisuallyHidden } from '@tdk/shared-ui';
import { useCheckoutT } from '../checkout-messages/i18n';
import { messageParts, slot } from './message-slots';

const LINKS = {
  terms: { href: '/terms', label: 'checkout.termsLink' },
  refunds: { href: '/refunds', label: 'checkout.refundsLink' },
} as const;

/**
 * The line above the Pay (or Confirm) button: paying accepts the Terms and the Refund policy, both
 * linked. They open in a new tab, so the form and the dialog stay as they are.
 */
export function CheckoutAgreement({ free }: { free: boolean }) {
  const t = useCheckoutT();
  const message = t(free ? 'checkout.agreeRegister' : 'checkout.agreePay', { terms: slot('terms'), refunds: slot('refunds') });
  return (
    <Line data-testid="checkout-agreement">
      {messageParts(message).map((part, index) => {
        if ('text' in part) return part.text;
        const link = LINKS[part.slot as keyof typeof LINKS];
        if (!link) return null;
        return (
          <a key={index} href={link.href} target="_blank" rel="noopener">
            {t(link.label)}
            <VisuallyHidden> {t('checkout.newTab')}</VisuallyHidden>
          </a>
        );
      })}
    </Line>
  );
}

const Line = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  a {
    color: ${({ theme }) => theme.colors.primaryText};
    text-decoration: underline;
  }
`;
