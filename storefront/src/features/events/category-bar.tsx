import styled from 'styled-components';
import { useConfig } from '@tdk/shared-ui';
import { categoryLabel } from '../i18n';
import { usePageT } from '../page-messages/i18n';

export interface CategoryBarProps {
  /** The selected category in any case; '' or 'all' for All. */
  value: string;
  onChange: (category: string) => void;
}

/** The home categories (all, football, …) as toggle chips; the selection compares case-insensitively. */
export function CategoryBar({ value, onChange }: CategoryBarProps) {
  const t = usePageT();
  const { homeCategories } = useConfig();
  const selected = (value || 'all').toLowerCase();
  return (
    <Bar aria-label={t('events.filterCategory')}>
      <Chips>
        {homeCategories.map((category) => {
          const active = category.toLowerCase() === selected;
          return (
            <li key={category}>
              <Chip type="button" aria-pressed={active} $active={active} onClick={() => onChange(category.toLowerCase())}>
                {categoryLabel(t, category)}
              </Chip>
            </li>
          );
        })}
      </Chips>
    </Bar>
  );
}

const Bar = styled.nav`
  margin: 0 0 ${({ theme }) => theme.space.xl};
  overflow-x: auto;
  scrollbar-width: thin;
  -webkit-overflow-scrolling: touch;
`;

const Chips = styled.ul`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  width: max-content;
  margin: 0;
  padding: 2px 2px ${({ theme }) => theme.space.xs};
  list-style: none;
`;

const Chip = styled.button<{ $active: boolean }>`
  min-height: 38px;
  padding: 0 ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme, $active }) => ($active ? theme.colors.primaryStrong : theme.colors.borderStrong)};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme, $active }) => ($active ? theme.colors.primaryStrong : theme.colors.surface)};
  color: ${({ theme, $active }) => ($active ? theme.colors.onPrimary : theme.colors.text)};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  white-space: nowrap;
  cursor: pointer;
  transition: background-color ${({ theme }) => theme.transitions.fast};

  &:hover {
    border-color: ${({ theme }) => theme.colors.primaryStrong};
  }
`;
