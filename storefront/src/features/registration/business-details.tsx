import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button, Field, Input, Textarea } from '@tdk/shared-ui';
import { useCheckoutT } from '../checkout-messages/i18n';
import type { CheckoutFormState } from './validation';

/**
 * A business buying (decision 031): 'Add GSTIN for a tax invoice' opens its GSTIN, name and
 * address, judged by the contract's `buyerBusinessSchema` and printed on the tax invoice. Closed,
 * nothing of it is in the form or the order.
 */
export function BusinessDetails({ form }: { form: CheckoutFormState }) {
  const t = useCheckoutT();
  const regionId = useId();
  const [open, setOpen] = useState(false);
  const errors = form.formState.errors.business;
  const { register } = form;
  const toggle = () => {
    if (open) form.unregister('business');
    setOpen(!open);
  };
  return (
    <Root>
      <Button type="button" variant="ghost" size="sm" aria-expanded={open} aria-controls={regionId} onClick={toggle}>
        {open ? t('business.remove') : t('business.add')}
      </Button>
      {open && (
        <div id={regionId} data-testid="business-details">
          <Lead>{t('business.intro')}</Lead>
          <Grid>
            <Field label={t('business.gstin')} required error={errors?.gstin?.message} hint={t('business.gstinHint')}>
              <Input autoCapitalize="characters" spellCheck={false} maxLength={15} {...register('business.gstin')} />
            </Field>
            <Field label={t('business.name')} required error={errors?.name?.message}>
              <Input autoComplete="organization" {...register('business.name')} />
            </Field>
          </Grid>
          <Field label={t('business.address')} error={errors?.address?.message}>
            <Textarea rows={2} autoComplete="street-address" {...register('business.address')} />
          </Field>
        </div>
      )}
    </Root>
  );
}

const Root = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  justify-items: start;

  & > div {
    display: grid;
    gap: ${({ theme }) => theme.space.md};
    width: 100%;
  }
`;

const Lead = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${({ theme }) => theme.space.lg};

  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}px) {
    grid-template-columns: 1fr 1fr;
  }
`;
