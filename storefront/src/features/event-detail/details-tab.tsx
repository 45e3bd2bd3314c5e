import styled from 'styled-components';
import { venueMapUrl, type SportEvent } from '@tdk/api/contract';
import { useFormats } from '@tdk/shared-ui';
import { cityLabel, useStorefrontT } from '../i18n';

export function DetailsTab({ event }: { event: SportEvent }) {
  const t = useStorefrontT();
  const formats = useFormats();
  const map = venueMapUrl(event.venue, event.location);
  const lists = [
    { title: t('details.highlights'), items: event.highlights },
    { title: t('details.rules'), items: event.rules },
    { title: t('details.regulations'), items: event.regulations },
  ].filter((list) => Array.isArray(list.items) && list.items.length > 0);
  return (
    <Root>
      <section>
        <h2>{t('details.about')}</h2>
        <p>{event.description || t('details.soon')}</p>
      </section>
      <Facts>
        <div>
          <dt>{t('details.date')}</dt>
          <dd>{formats.longDate(event.date)}</dd>
        </div>
        <div>
          <dt>{t('details.time')}</dt>
          <dd>{formats.time(event.time)}</dd>
        </div>
        <div>
          <dt>{t('details.venue')}</dt>
          <dd>
            {event.venue}
            {map && (
              <>
                {' '}
                <MapLink href={map} target="_blank" rel="noopener noreferrer">
                  {t('details.map')}
                </MapLink>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('events.city')}</dt>
          <dd>{cityLabel(t, event.location)}</dd>
        </div>
      </Facts>
      {lists.map((list) => (
        <section key={list.title}>
          <h2>{list.title}</h2>
          <ul>
            {list.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ))}
    </Root>
  );
}

const Root = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};

  h2 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    line-height: ${({ theme }) => theme.lineHeights.normal};
  }
  ul {
    display: grid;
    gap: 6px;
    margin: 0;
    padding-left: 1.2em;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 180px), 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: 0;

  div {
    padding: ${({ theme }) => theme.space.md};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
  dt {
    color: ${({ theme }) => theme.colors.textSubtle};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
  dd {
    margin: 4px 0 0;
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    overflow-wrap: anywhere;
  }
`;

const MapLink = styled.a`
  display: inline-block;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.primaryStrong};
`;
