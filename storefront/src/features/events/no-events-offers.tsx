import styled from 'styled-components';
import { Button } from '@tdk/shared-ui';
import { usePageT } from '../page-messages/i18n';

/** What an empty list offers: widen the city, the sport, the organiser or the search, whichever narrowed it. */
export function NoEventsOffers({
  onAllCities,
  onAllSports,
  onClearSearch,
  onAllOrganisers,
}: {
  onAllCities?: () => void;
  onAllSports?: () => void;
  onClearSearch?: () => void;
  onAllOrganisers?: () => void;
}) {
  const t = usePageT();
  if (!onAllCities && !onAllSports && !onClearSearch && !onAllOrganisers) return null;
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
      {onAllOrganisers && (
        <Button variant="outline" onClick={onAllOrganisers}>
          {t('events.showAllOrganisers')}
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
