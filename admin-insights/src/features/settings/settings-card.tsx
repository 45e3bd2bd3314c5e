import type { FormEvent, ReactNode } from 'react';
import styled from 'styled-components';
import { Button, Card, CardBody, CardDescription, CardFooter, CardHeader, CardTitle } from '@tdk/shared-ui';

/** One section: its card, its form and its Save button. */
export function SettingsCard({
  id,
  title,
  description,
  onSubmit,
  saving,
  children,
  actions,
}: {
  id: string;
  title: string;
  description: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby={`${id}-title`}>
      <form onSubmit={onSubmit} noValidate>
        <CardHeader>
          <div>
            <CardTitle id={`${id}-title`}>{title}</CardTitle>
            <CardDescription>{description}</CardDescription>
          </div>
        </CardHeader>
        <CardBody>
          <Fields>{children}</Fields>
        </CardBody>
        <Footer>
          {actions}
          <Button type="submit" loading={saving}>
            Save {title}
          </Button>
        </Footer>
      </form>
    </Card>
  );
}

const Footer = styled(CardFooter)`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;

const Fields = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;
