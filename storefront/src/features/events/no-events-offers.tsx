import styled from 'styled-components';
import { Button } from '@tdk/shared-ui';
import { usePageT } from '../page-messages/i18n';

/** What an empty list offers: widen the city, the sport or the search, whichever narrowed it. */
export function NoEventsOffers({
  onAllCities,
  onAllSports,
  onClearSearch,
}: {
  onAllCities?: () => void;
  onAllSports?: () => void;
  onClearSearch?: () => void;
}) {
  const t = usePageT();
  if (!onAllCities && !onAllSports && !onClearSearch) return null;
  return (
    <Row>
      {onAllCities && (
        <Button variant="outline" onClick={onAllCities}>
          {t('events.showAllCities')}
        </Button>
      )}
      {onAllSports && (
        <Button variant="outline" onClick={onAllSports}>
          {t('events.showAllSports')}
        </Button>
      )}
      {onClearSearch && (
        <Button variant="ghost" onClick={onClearSearch}>
          {t('list.clearSearch')}
        </Button>
      )}
    </Row>
  );
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
`;
