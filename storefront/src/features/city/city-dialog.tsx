import { useState } from 'react';
import styled from 'styled-components';
import { ONLINE_CITY } from '@tdk/api/contract';
import { Button, Dialog, GlobeIcon, LocateIcon, MapPinIcon, SearchInput, useToast } from '@tdk/shared-ui';
import { ALL_CITIES, CITY_OPTIONS } from './cities';
import { cityLabel, useStorefrontT } from '../i18n';
import { detectNearestCity } from './geolocation';

export interface CityDialogProps {
  open: boolean;
  current: string;
  onClose: () => void;
  onSelect: (city: string) => void;
}

/**
 * 'Select Your City' of SPEC.md section 2: Online plus the public cities, a filter box and Detect
 * Location, and 'All cities' for a visitor who wants to see everything.
 */
export function CityDialog({ open, current, onClose, onSelect }: CityDialogProps) {
  const t = useStorefrontT();
  return (
    <Dialog open={open} onClose={onClose} title={t('cityDialog.title')} description={t('cityDialog.description')} size="md">
      {open && <CityPicker current={current} onSelect={onSelect} />}
    </Dialog>
  );
}

function CityPicker({ current, onSelect }: Pick<CityDialogProps, 'current' | 'onSelect'>) {
  const t = useStorefrontT();
  const { toast } = useToast();
  const [filter, setFilter] = useState('');
  const [detecting, setDetecting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const needle = filter.trim().toLowerCase();
  const shown = CITY_OPTIONS.filter(
    (city) => city.toLowerCase().includes(needle) || cityLabel(t, city).toLowerCase().includes(needle),
  );

  async function detect() {
    setProblem(null);
    setDetecting(true);
    const result = await detectNearestCity();
    setDetecting(false);
    if (!result.ok) {
      setProblem(t(result.message));
      return;
    }
    const city = cityLabel(t, result.city);
    toast({ title: t('cityDialog.detected', { city }), description: t('cityDialog.showingNear', { city }), variant: 'success' });
    onSelect(result.city);
  }

  return (
    <Body>
      <SearchInput
        aria-label={t('cityDialog.filter')}
        placeholder={t('cityDialog.placeholder')}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <Button variant="outline" onClick={detect} loading={detecting} leftIcon={<LocateIcon size={18} />} fullWidth>
        {detecting ? t('cityDialog.detecting') : t('cityDialog.detect')}
      </Button>
      {problem && (
        <Problem role="alert" data-testid="location-error">
          {problem}
        </Problem>
      )}
      <Option
        type="button"
        aria-pressed={current === ALL_CITIES}
        $selected={current === ALL_CITIES}
        onClick={() => onSelect(ALL_CITIES)}
      >
        <GlobeIcon size={18} />
        <span>{t('city.all')}</span>
      </Option>
      {shown.length === 0 ? (
        <NoMatch role="status">{t('cityDialog.noMatch', { filter: filter.trim() })}</NoMatch>
      ) : (
        <Options aria-label={t('cityDialog.cities')}>
          {shown.map((city) => {
            const selected = city === current;
            return (
              <li key={city}>
                <Option type="button" aria-pressed={selected} $selected={selected} onClick={() => onSelect(city)}>
                  {city === ONLINE_CITY ? <GlobeIcon size={18} /> : <MapPinIcon size={18} />}
                  <span>{cityLabel(t, city)}</span>
                </Option>
              </li>
            );
          })}
        </Options>
      )}
    </Body>
  );
}

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Problem = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.tones.red.bg};
  color: ${({ theme }) => theme.tones.red.fg};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const NoMatch = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

const Options = styled.ul`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;

  @media (min-width: ${({ theme }) => theme.breakpoints.phoneLg}px) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Option = styled.button<{ $selected: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border: 1px solid ${({ theme, $selected }) => ($selected ? theme.colors.primaryStrong : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $selected }) => ($selected ? theme.colors.primarySoft : theme.colors.surface)};
  color: ${({ theme, $selected }) => ($selected ? theme.colors.primaryText : theme.colors.text)};
  font: inherit;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-align: left;
  cursor: pointer;

  &:hover {
    border-color: ${({ theme }) => theme.colors.primary};
  }
  svg {
    flex: none;
  }
`;
