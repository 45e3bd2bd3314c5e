import { useCallback, useEffect, useRef, useState } from 'react';
import type { IssuedTicket } from '@tdk/api/contract';
import { useApiClient, useConfig, useLanguage, useToast } from '@tdk/shared-ui';
import { useStorefrontT } from '../i18n';
import type { CheckoutInput } from './order-body';

import { CHECKOUT_MESSAGES, newIdempotencyKey, type CheckoutState } from './checkout-state';

export type { CheckoutInput } from './order-body';
export {
  CHECKOUT_MESSAGES,
  VERIFY_POLL,
  isCheckoutCancelled,
  newIdempotencyKey,
  type CheckoutState,
  type CheckoutStatus,
  type CheckoutStep,
} from './checkout-state';

/** The payment flow's code (checkout-flow.ts), fetched once; the checkout form fetches it ahead. */
export const loadCheckoutFlow = () => import(/* webpackChunkName: "checkout-flow" */ './checkout-flow');

/**
 * The payment flow of SPEC.md sections 4, 7 and 8 against DESIGN.md section 5's contract (its
 * steps are in checkout-flow.ts): create-order (with an Idempotency-Key kept for this attempt) →
 * the provider's checkout modal → verify-payment, polled while PENDING. The registration is
 * created by the server only.
 */
export function useCheckout({
  onSoldOut,
  onInvalidFields,
  onClose,
  onSuccess,
}: {
  /** 409 from create-order: availability changed. */
  onSoldOut?: () => void;
  /**
   * A refusal of create-order naming fields of the body (a 400's `buyer.email`,
   * `attendees.1.answers.wave`, `attendees.4.team`; a 409's `eventId` for the event's own capacity;
   * `promoCode` whatever the status):
   * true when the form took the messages.
   */
  onInvalidFields?: (fields: Record<string, string>) => boolean;
  /** The dialog should close. */
  onClose: () => void;
  /** Registration done, at once: the ticket's page, what was paid and the buyer's e-mail. */
  onSuccess: (ticket: IssuedTicket, booked: { amount: number; email: string }) => void;
}) {
  const t = useStorefrontT();
  const { language } = useLanguage();
  const client = useApiClient();
  const { payments } = useConfig();
  const { toast, dismiss } = useToast();
  const [state, setState] = useState<CheckoutState>({ status: 'idle' });
  const keyRef = useRef<string>(newIdempotencyKey());
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const alive = useRef(true);
  const onSuccessRef = useRef(onSuccess);
  onSuccessRef.current = onSuccess;
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      timers.current.forEach(clearTimeout);
      timers.current = [];
    };
  }, []);

  const reset = useCallback(() => {
    keyRef.current = newIdempotencyKey();
    setState({ status: 'idle' });
  }, []);

  const start = useCallback(
    async (input: CheckoutInput) => {
      // The flow's code is fetched on the first payment (the checkout form has usually fetched it
      // already): the event page's first load carries only this hook's state.
      let flow: Awaited<ReturnType<typeof loadCheckoutFlow>>;
      try {
        flow = await loadCheckoutFlow();
      } catch {
        // No network for the code: nothing was sent, so the same key is kept for a retry.
        const free = input.total <= 0;
        const message = t(free ? CHECKOUT_MESSAGES.registrationFailed : CHECKOUT_MESSAGES.createFailed);
        if (alive.current) setState({ status: 'failed', message });
        toast({
          title: free ? t('checkout.registrationFailedTitle') : t('checkout.paymentFailedTitle'),
          description: free ? message : t('checkout.notProcessed'),
          variant: 'destructive',
        });
        return;
      }
      await flow.runCheckout(
        { t, language, client, payments, toast, dismiss, setState, keyRef, alive, onSuccessRef, onSoldOut, onInvalidFields },
        input,
      );
    },
    [client, payments, onSoldOut, onInvalidFields, toast, dismiss, t, language],
  );

  return { state, start, reset };
}
