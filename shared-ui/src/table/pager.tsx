// The admin lists' pager under a DataTable: which rows of how many, an optional page size, and
// Previous / Next. The lists are paged on the server (issue 14), so it takes the page's answer.
import styled from 'styled-components';
import { Button, formatNumber, Select } from '@tdk/shared-ui';

export interface PagerProps {
  /** The page shown (1-based), its size and how many rows match in all, as the API answered. */
  page: number;
  pageSize: number;
  total: number;
  /**
   * `total` is only a lower bound (a broad search the API did not count to the end): more rows
   * follow, so Next stays and no last page is named.
   */
  totalIsAtLeast?: boolean;
  onPage: (page: number) => void;
  /** Offers these page sizes when given. */
  pageSizes?: readonly number[];
  onPageSize?: (pageSize: number) => void;
}

/** Nothing when nothing matched; the range and page count are announced politely. */
export function Pager({ page, pageSize, total, totalIsAtLeast = false, onPage, pageSizes, onPageSize }: PagerProps) {
  if (total <= 0) return null;
  const lastPage = totalIsAtLeast ? undefined : Math.max(1, Math.ceil(total / pageSize));
  const last = totalIsAtLeast ? page * pageSize : Math.min(page * pageSize, total);
  return (
    <Nav aria-label="Pages">
      <span>{`${formatNumber((page - 1) * pageSize + 1)}–${formatNumber(last)} of ${formatNumber(total)}${totalIsAtLeast ? '+' : ''}`}</span>
      {pageSizes && onPageSize && (
        <Select aria-label="Rows per page" value={pageSize} onChange={(event) => onPageSize(Number(event.target.value))}>
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size} per page
            </option>
          ))}
        </Select>
      )}
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span aria-live="polite">{lastPage ? `Page ${page} of ${lastPage}` : `Page ${page}`}</span>
      <Button variant="outline" size="sm" disabled={lastPage !== undefined && page >= lastPage} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Nav>
  );
}

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  select {
    width: auto;
  }
`;
