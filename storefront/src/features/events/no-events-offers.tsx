import styled from 'styled-components';
import { Button } from '@tdk/shared-ui';

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
  if (!onAllCities && !onAllSports && !onClearSearch) return null;
  return (
    <Row>
      {onAllCities && (
        <Button variant="outline" onClick={onAllCities}>
          Show all cities
        </Button>
      )}
      {onAllSports && (
        <Button variant="outline" onClick={onAllSports}>
          Show all sports
        </Button>
      )}
      {onClearSearch && (
        <Button variant="ghost" onClick={onClearSearch}>
          Clear search
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
