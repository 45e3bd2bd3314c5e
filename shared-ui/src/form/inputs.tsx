import type { ComponentPropsWithRef } from 'react';
import styled, { css } from 'styled-components';
import { SearchIcon } from '../icons/icons';

// Invalid state is styled from aria-invalid, so a control marked invalid for assistive
// technology is always the one that looks invalid too.
const controlCss = css`
  display: block;
  width: 100%;
  min-height: 40px;
  padding: 8px 12px;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.md};
  line-height: 1.4;
  transition:
    border-color ${({ theme }) => theme.transitions.fast},
    box-shadow ${({ theme }) => theme.transitions.fast};

  /* 16px text stops iOS Safari zooming the page on focus; smaller on wider screens. */
  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}px) {
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }

  &::placeholder {
    color: ${({ theme }) => theme.colors.textSubtle};
    opacity: 1;
  }

  &:hover:not(:disabled) {
    border-color: ${({ theme }) => theme.colors.textSubtle};
  }

  &:focus,
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 0;
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: ${({ theme }) => theme.shadows.focus};
  }

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
  &[aria-invalid='true']:focus {
    outline-color: ${({ theme }) => theme.colors.danger};
    box-shadow: 0 0 0 3px rgba(220, 38, 38, 0.2);
  }

  &:disabled {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.textSubtle};
    cursor: not-allowed;
  }

  &[readonly] {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;

export const Input = styled.input`
  ${controlCss}

  &[type='file'] {
    padding: 6px;
  }
  &[type='file']::file-selector-button {
    margin-right: 12px;
    padding: 6px 12px;
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    cursor: pointer;
  }
`;

const chevron = encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="#475569" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="m6 9 6 6 6-6"/></svg>',
);

export const Select = styled.select`
  ${controlCss}
  appearance: none;
  padding-right: 36px;
  background-image: url('data:image/svg+xml,${chevron}');
  background-repeat: no-repeat;
  background-position: right 12px center;
  background-size: 16px;
  cursor: pointer;
`;

export const Textarea = styled.textarea`
  ${controlCss}
  min-height: 96px;
  resize: vertical;
`;

const SearchWrapper = styled.div`
  position: relative;
  width: 100%;

  & > svg {
    position: absolute;
    top: 50%;
    left: 12px;
    transform: translateY(-50%);
    color: ${({ theme }) => theme.colors.textSubtle};
    pointer-events: none;
  }
  & > input {
    padding-left: 38px;
  }
`;

export type SearchInputProps = Omit<ComponentPropsWithRef<'input'>, 'type'> & {
  /** Class of the wrapper, which carries the icon. */
  className?: string;
};

/**
 * A search box with a magnifier. Without an aria-label or aria-labelledby it is labelled by its
 * placeholder, which would otherwise vanish for screen readers once the user starts typing.
 */
export function SearchInput({ className, style, ...props }: SearchInputProps) {
  const label = props['aria-label'] ?? (props['aria-labelledby'] || props.id ? undefined : props.placeholder);
  return (
    <SearchWrapper className={className} style={style}>
      <SearchIcon size={18} />
      <Input type="search" autoComplete="off" {...props} aria-label={label} />
    </SearchWrapper>
  );
}

const HintText = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/**
 * What a search box says about its text ('Type at least 3 characters to search'), for the box's
 * aria-describedby. Always in the page, empty when there is nothing to say: a live region that
 * appears already holding its words is often not announced.
 */
export function SearchHint({ id, className, children }: { id: string; className?: string; children?: string | null }) {
  return (
    <HintText id={id} role="status" className={className}>
      {children}
    </HintText>
  );
}
