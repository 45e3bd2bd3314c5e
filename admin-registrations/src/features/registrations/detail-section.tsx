import type { ReactNode } from 'react';
import styled from 'styled-components';

// A titled list of label/value rows, as the registration and booking dialogs show their facts.

export function Section({ title, children, after }: { title: string; children: ReactNode; after?: ReactNode }) {
  return (
    <SectionBox aria-label={title}>
      <h3>{title}</h3>
      <dl>{children}</dl>
      {after}
    </SectionBox>
  );
}

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <RowBox>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </RowBox>
  );
}

export const SectionBox = styled.section`
  min-width: 0;
  h3 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  dl {
    margin: 0;
    display: grid;
    gap: 6px;
  }
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
  }
`;

const RowBox = styled.div`
  display: grid;
  grid-template-columns: minmax(110px, 170px) 1fr;
  gap: ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;
