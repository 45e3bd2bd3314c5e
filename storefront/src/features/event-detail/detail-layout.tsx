// The event page's two-column frame, shared by the page and its loading skeleton (which is also
// what shows while the page's code arrives: app.tsx loads this route lazily).
import styled from 'styled-components';
import { Skeleton } from '@tdk/shared-ui';
import { useStorefrontT } from '../i18n';

export function DetailSkeleton() {
  const t = useStorefrontT();
  return (
    <div role="status" aria-busy="true" aria-label={t('app.loadingEvent')}>
      <Skeleton height={300} radius="0" />
      <Layout>
        <MainColumn>
          <Skeleton height={48} radius="14px" />
          <div style={{ display: 'grid', gap: 12, marginTop: 24 }}>
            <Skeleton width="40%" height={24} />
            <Skeleton height={16} />
            <Skeleton height={16} />
            <Skeleton width="70%" height={16} />
          </div>
        </MainColumn>
        <Aside>
          <Skeleton height={180} radius="14px" />
          <Skeleton height={220} radius="14px" />
        </Aside>
      </Layout>
    </div>
  );
}

export const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.xl};
  max-width: ${({ theme }) => theme.layout.maxContentWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xl} clamp(12px, 4vw, 40px);

  @media (min-width: ${({ theme }) => theme.breakpoints.laptop}px) {
    grid-template-columns: minmax(0, 1fr) 360px;
    align-items: start;
  }
`;

export const MainColumn = styled.div`
  min-width: 0;
`;

export const Aside = styled.aside`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};

  @media (min-width: ${({ theme }) => theme.breakpoints.laptop}px) {
    position: sticky;
    top: calc(${({ theme }) => theme.layout.headerHeight} + 16px);
  }
`;
