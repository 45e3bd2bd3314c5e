import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithTheme } from '../test/render';
import { Pager } from './pager';

describe('Pager', () => {
  it('shows which rows of how many, and moves a page either way within bounds', () => {
    const onPage = vi.fn();
    renderWithTheme(<Pager page={2} pageSize={10} total={25} onPage={onPage} />);
    expect(screen.getByText('11–20 of 25')).toBeTruthy();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPage.mock.calls).toEqual([[3], [1]]);
    expect(screen.queryByLabelText('Rows per page')).toBeNull();
  });

  it('disables what leads nowhere, offers page sizes when asked, and shows nothing for no rows', () => {
    const onPageSize = vi.fn();
    const { rerender } = renderWithTheme(
      <Pager page={3} pageSize={10} total={25} onPage={() => {}} pageSizes={[10, 25]} onPageSize={onPageSize} />,
    );
    expect(screen.getByText('21–25 of 25')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '25' } });
    expect(onPageSize).toHaveBeenCalledWith(25);
    rerender(<Pager page={1} pageSize={10} total={0} onPage={() => {}} />);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('shows a lower-bound total with a plus, names no last page and keeps Next', () => {
    const onPage = vi.fn();
    const { rerender } = renderWithTheme(<Pager page={3} pageSize={25} total={1000} totalIsAtLeast onPage={onPage} />);
    expect(screen.getByText('51–75 of 1,000+')).toBeTruthy();
    expect(screen.getByText('Page 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(4);
    // On the page that reaches the counted rows, more still follow.
    rerender(<Pager page={40} pageSize={25} total={1000} totalIsAtLeast onPage={onPage} />);
    expect(screen.getByText('976–1,000 of 1,000+')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false);
    rerender(<Pager page={40} pageSize={25} total={1000} onPage={onPage} />);
    expect(screen.getByText('976–1,000 of 1,000')).toBeTruthy();
    expect(screen.getByText('Page 40 of 40')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });
});
