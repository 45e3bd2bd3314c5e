// The admin lists' pager under a DataTable: which rows of how many, an optional page size, and
// Previous / Next. The lists are paged on the server (issue 14), so it takes the page's answer.
import styled from 'styled-components';
import { Button } from '../form/button';
import { Select } from '../form/inputs';

export interface PagerProps {
  /** The page shown (1-based), its size and how many rows match in all, as the API answered. */
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** Offers these page sizes when given. */
  pageSizes?: readonly number[];
  onPageSize?: (pageSize: number) => void;
}

/** Nothing when nothing matched; the range and page count are announced politely. */
export function Pager({ page, pageSize, total, onPage, pageSizes, onPageSize }: PagerProps) {
  if (total <= 0) return null;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Nav aria-label="Pages">
      <span>
        {(page - 1) * pageSize + 1}–{Math.min(page * pageSize, total)} of {total}
      </span>
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
      <span aria-live="polite">
        Page {page} of {lastPage}
      </span>
      <Button variant="outline" size="sm" disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
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
