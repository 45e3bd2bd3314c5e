import { css } from 'styled-components';

/**
 * A ticket's labelled facts (a `dl`): small upper-case labels, bold values, codes in the mono face.
 * A code (booking reference, ticket number, bib) is read out at a desk and typed: it never breaks
 * inside itself (issue 40); on a narrow phone its face shrinks with the screen instead.
 */
export const ticketFieldStyles = css`
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
  dd {
    margin: 2px 0 0;
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    overflow-wrap: anywhere;
  }
  dd.mono {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: min(${({ theme }) => theme.fontSizes.lg}, 4.4vw);
    white-space: nowrap;
    overflow-wrap: normal;
    word-break: keep-all;
  }
`;
