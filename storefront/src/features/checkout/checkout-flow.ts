// The payment flow itself (issue 26's first-load budget): fetched when the buyer first pays, or
// with the checkout form, never with the event page. useCheckout (use-checkout.ts) holds its state.
import type { MutableRefObject } from 'react';
import { type CreateOrderResponse, type IssuedTicket, type Language, type VerifyPaymentResponse } from '@tdk/api/contract';
import { callApi, isApiError, type ApiClient, type ConfigState, type Translate, type useToast } from '@tdk/shared-ui';
import { loadCashfreeSdk } from './cashfree-sdk';
import { createOrderBody, type CheckoutInput } from './order-body';
import { CHECKOUT_MESSAGES, VERIFY_POLL, isCheckoutCancelled, newIdempotencyKey, type CheckoutState } from './checkout-state';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the flow works with: the hook's state, refs and callbacks, the page's translator and client. */
export interface CheckoutFlowContext {
  t: Translate;
  language: Language;
  client: ApiClient;
  payments: ConfigState['payments'];
  toast: ReturnType<typeof useToast>['toast'];
  dismiss: ReturnType<typeof useToast>['dismiss'];
  setState: (state: CheckoutState) => void;
  keyRef: MutableRefObject<string>;
  alive: MutableRefObject<boolean>;
  onSuccessRef: MutableRefObject<(ticket: IssuedTicket, booked: { amount: number; email: string }) => void>;
  onSoldOut?: () => void;
  onInvalidFields?: (fields: Record<string, string>) => boolean;
}

/**
 * The payment flow of SPEC.md sections 4, 7 and 8 against DESIGN.md section 5's contract:
 * create-order (with an Idempotency-Key kept for this attempt) → the provider's checkout modal →
 * verify-payment, polled while PENDING. The registration is created by the server only.
 */
export async function runCheckout(
  {
    t,
    language,
    client,
    payments,
    toast,
    dismiss,
    setState,
    keyRef,
    alive,
    onSuccessRef,
    onSoldOut,
    onInvalidFields,
  }: CheckoutFlowContext,
  input: CheckoutInput,
): Promise<void> {
  const set = (next: CheckoutState) => alive.current && setState(next);
  // A free registration never speaks of payment, not even when it fails.
  const free = input.total <= 0;
  const failTitle = free ? t('checkout.registrationFailedTitle') : t('checkout.paymentFailedTitle');
  // Each attempt starts clean: a toast about the last one would describe what is no longer true.
  dismiss();
  const failPayment = (message: string = t(CHECKOUT_MESSAGES.paymentFailed), reason?: string) => {
    // The provider's reason (issue 40), when it gave one: the buyer learns what to change.
    const said = reason ? t('checkout.paymentFailedReason', { reason }) : message;
    set({ status: 'failed', message: said });
    toast({
      title: t('checkout.paymentFailedTitle'),
      description: reason ? said : t('checkout.notProcessed'),
      variant: 'destructive',
    });
    keyRef.current = newIdempotencyKey();
  };
  /** After the provider's window reports a failure: the server asks the provider why (once). */
  const reasonOfFailure = async (orderId: string): Promise<string | undefined> => {
    try {
      const answer = await callApi(client.api.cashfree['verify-payment'][':orderId'].$get({ param: { orderId } }));
      return answer.status === 'FAILED' ? answer.reason : undefined;
    } catch {
      return undefined;
    }
  };
  const cancelPayment = () => {
    // The order stays unpaid and its hold lapses; a new attempt gets a new key.
    set({ status: 'cancelled', message: t(CHECKOUT_MESSAGES.paymentCancelled) });
    keyRef.current = newIdempotencyKey();
  };
  const failRegistration = () => {
    set({ status: 'failed', message: t(CHECKOUT_MESSAGES.registrationFailed) });
    toast({
      title: t('checkout.registrationFailedTitle'),
      description: t(CHECKOUT_MESSAGES.registrationFailed),
      variant: 'destructive',
    });
    keyRef.current = newIdempotencyKey();
  };

  const succeed = (amount: number, ticket: IssuedTicket) => {
    const { registrationNumber } = ticket;
    set({ status: 'success', registrationNumber, amount });
    keyRef.current = newIdempotencyKey();
    // Straight to the tickets: their page says it went through, at its top (no toast over a
    // filled form and a live Pay button).
    onSuccessRef.current(ticket, { amount, email: input.buyer.email });
  };

  set({ status: 'processing', step: 'order' });
  let order: CreateOrderResponse;
  try {
    order = await callApi(
      client.api.cashfree['create-order'].$post(
        // The body is the contract's CreateOrderBody (the schema's input). The typed client
        // reads this route's body from the schema's output while the API catches up with
        // issue 23, so the two disagree on optional fields; the contract's type is the one checked.
        { json: createOrderBody(input, language) as never },
        { headers: { 'Idempotency-Key': keyRef.current } },
      ),
    );
  } catch (error) {
    // Too many wrong codes from here (decision 033) is said on the code too, in its own words.
    const promoProblem =
      isApiError(error) &&
      (error.fields?.promoCode ?? (error.message.startsWith('validation.promo') ? error.message : undefined));
    if (promoProblem && onInvalidFields?.({ promoCode: promoProblem })) {
      // The promo code no longer applies (used up since the quote, this e-mail's limit): the
      // page says so on the code's field and prices the order again without it.
      keyRef.current = newIdempotencyKey();
      set({ status: 'idle' });
      return;
    }
    if (isApiError(error) && error.status === 409 && error.fields?.eventId && onInvalidFields?.(error.fields)) {
      // The event itself is full ('This event has only 3 places left'): the form says so by its
      // button, where the buyer decides how many to take; fresh availability is fetched.
      keyRef.current = newIdempotencyKey();
      set({ status: 'idle' });
      onSoldOut?.();
      return;
    }
    if (isApiError(error) && error.status === 409) {
      // Sold out (or too few left): the server says which; fresh availability is fetched.
      set({ status: 'failed', message: error.message });
      toast({ title: t('checkout.unavailableTitle'), description: error.message, variant: 'destructive' });
      keyRef.current = newIdempotencyKey();
      onSoldOut?.();
      return;
    }
    if (isApiError(error) && error.status === 400 && error.fields && onInvalidFields?.(error.fields)) {
      keyRef.current = newIdempotencyKey();
      set({ status: 'idle' });
      return;
    }
    if (isApiError(error) && error.status === 429) {
      // Too many tickets or orders held from here in a short time (decision 027): said plainly,
      // in the buyer's language; a retry later is a new attempt.
      set({ status: 'failed', message: t('checkout.tooManyHeld') });
      toast({ title: failTitle, description: t('checkout.tooManyHeld'), variant: 'destructive' });
      keyRef.current = newIdempotencyKey();
      return;
    }
    if (isApiError(error) && error.status >= 400 && error.status < 500) {
      set({ status: 'failed', message: error.message || t(CHECKOUT_MESSAGES.createFailed) });
      toast({
        title: failTitle,
        description: error.message || t(CHECKOUT_MESSAGES.createFailed),
        variant: 'destructive',
      });
      keyRef.current = newIdempotencyKey();
      return;
    }
    // Network or server trouble: the same key is kept, so a retry cannot create a second order.
    set({ status: 'failed', message: t(free ? CHECKOUT_MESSAGES.registrationFailed : CHECKOUT_MESSAGES.createFailed) });
    toast({
      title: failTitle,
      description: free ? t(CHECKOUT_MESSAGES.registrationFailed) : t('checkout.notProcessed'),
      variant: 'destructive',
    });
    return;
  }

  if (order?.registration) {
    // An order this browser made and the server already confirmed (a replayed request).
    succeed(order.orderAmount ?? 0, order.registration);
    return;
  }
  if (order?.confirmationPending) {
    // A free order counts once the buyer follows the link e-mailed to them (decision 027).
    set({ status: 'confirm-email', confirmation: order.confirmationPending });
    keyRef.current = newIdempotencyKey();
    return;
  }
  if (!order?.payment_session_id) {
    failPayment(t(CHECKOUT_MESSAGES.noSession));
    return;
  }

  set({ status: 'processing', step: 'checkout' });
  try {
    const Cashfree = await loadCashfreeSdk(payments.sdkUrl);
    const result = await Cashfree({ mode: payments.mode }).checkout({
      paymentSessionId: order.payment_session_id,
      redirectTarget: '_modal',
    });
    if (result?.error) {
      if (isCheckoutCancelled(result.error)) cancelPayment();
      else failPayment(undefined, await reasonOfFailure(order.orderId));
      return;
    }
  } catch {
    failPayment();
    return;
  }

  set({ status: 'processing', step: 'verify' });
  for (let attempt = 0; attempt < VERIFY_POLL.attempts; attempt += 1) {
    if (!alive.current) return;
    let verified: VerifyPaymentResponse | undefined;
    try {
      verified = await callApi(client.api.cashfree['verify-payment'][':orderId'].$get({ param: { orderId: order.orderId } }));
    } catch (error) {
      if (isApiError(error) && error.status >= 500) {
        failRegistration();
        return;
      }
      if (isApiError(error) && error.status >= 400) {
        set({ status: 'failed', message: t(CHECKOUT_MESSAGES.verifyFailed) });
        toast({
          title: t('checkout.paymentFailedTitle'),
          description: t(CHECKOUT_MESSAGES.verifyFailed),
          variant: 'destructive',
        });
        return;
      }
      // Network blip: try again.
    }
    if (verified?.status === 'PAID') {
      if (!verified.registration) {
        failRegistration();
        return;
      }
      succeed(order.orderAmount ?? input.total, verified.registration);
      return;
    }
    if (verified?.refundRequired) {
      // Paid, but the tickets were gone by then: the server explains the refund.
      const message = verified.message || t(CHECKOUT_MESSAGES.registrationFailed);
      set({ status: 'failed', message });
      toast({ title: t('checkout.registrationFailedTitle'), description: message, variant: 'destructive' });
      keyRef.current = newIdempotencyKey();
      return;
    }
    if (verified?.status === 'FAILED' || verified?.status === 'EXPIRED') {
      failPayment(undefined, verified.reason);
      return;
    }
    await sleep(VERIFY_POLL.intervalMs);
  }
  set({ status: 'failed', message: t(CHECKOUT_MESSAGES.verifyFailed) });
  toast({
    title: t('checkout.paymentFailedTitle'),
    description: t('checkout.notConfirmedYet'),
    variant: 'destructive',
  });
}
