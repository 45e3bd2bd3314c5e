import type { ComponentPropsWithRef } from 'react';
import styled from 'styled-components';

const Root = styled.label`
  display: inline-flex;
  align-items: baseline;
  gap: 2px;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: 1.4;
`;

const Asterisk = styled.span`
  color: ${({ theme }) => theme.colors.danger};
`;

export type LabelProps = ComponentPropsWithRef<'label'> & {
  /** Adds the asterisk of SPEC.md section 5; the control itself should carry `required`. */
  required?: boolean;
};

export function Label({ required, children, ...rest }: LabelProps) {
  return (
    <Root {...rest}>
      {children}
      {required && <Asterisk aria-hidden="true">*</Asterisk>}
    </Root>
  );
}
