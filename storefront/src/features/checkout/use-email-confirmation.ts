import { useEffect, useRef, useState } from 'react';
import type { ConfirmEmailResponse } from '@tdk/api/contract';
import { callApi, isApiError, useApiClient, useToast } from '@tdk/shared-ui';
import { useSearchParams } from '@tdk/shared-ui/router';
import { useStorefrontT } from '../i18n';

/** The query of the link e-mailed for a free registration (decision 027): `?confirm_order=&confirm_token=`. */
export const CONFIRM_PARAMS = { order: 'confirm_order', token: 'confirm_token' } as const;

/** Which words a refused confirmation shows: a lapsed hold, or a link that is not (or no longer) valid. */
export const confirmFailureKey = (status: number | undefined) =>
  status === 409
    ? 'checkout.confirmLapsed'
    : status === 400 || status === 404
      ? 'checkout.confirmInvalid'
      : 'checkout.registrationFailed';

/**
 * Follows the e-mailed link once when the page opens with it: the registration is confirmed and
 * `onConfirmed` shows its tickets; a refusal says why in the buyer's language.
 */
export function useEmailConfirmation(onConfirmed: (answer: ConfirmEmailResponse) => void): 'idle' | 'confirming' | 'failed' {
  const t = useStorefrontT();
  const client = useApiClient();
  const { toast } = useToast();
  const [params] = useSearchParams();
  const orderId = params.get(CONFIRM_PARAMS.order);
  const token = params.get(CONFIRM_PARAMS.token);
  const [state, setState] = useState<'idle' | 'confirming' | 'failed'>('idle');
  const started = useRef<string | null>(null);
  const onConfirmedRef = useRef(onConfirmed);
  onConfirmedRef.current = onConfirmed;

  useEffect(() => {
    if (!orderId || !token || started.current === token) return;
    started.current = token;
    setState('confirming');
    callApi(client.api.cashfree['confirm-email'][':orderId'].$post({ param: { orderId }, json: { token } }))
      .then((answer) => onConfirmedRef.current(answer))
      .catch((error: unknown) => {
        setState('failed');
        toast({
          title: t('checkout.confirmFailedTitle'),
          description: t(confirmFailureKey(isApiError(error) ? error.status : undefined)),
          variant: 'destructive',
        });
      });
  }, [client, orderId, token, toast, t]);

  return state;
}
