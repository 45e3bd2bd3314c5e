import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { Link, MemoryRouter } from 'react-router-dom';
import { renderWithTheme } from '../test/render';
import { Button } from './button';
import { Field } from './field';
import { Input, SearchHint, SearchInput } from './inputs';
import { Switch } from './switch';

describe('Field', () => {
  it('labels the control and ties the error to it', () => {
    renderWithTheme(
      <Field label="Contact email" required error="Invalid email format" hint="We send the ticket here">
        <Input type="email" />
      </Field>,
    );
    const input = screen.getByLabelText(/Contact email/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.hasAttribute('required')).toBe(true);
    const describedBy = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(describedBy).toEqual(['We send the ticket here', 'Invalid email format']);
  });

  it('leaves a valid control unmarked', () => {
    renderWithTheme(
      <Field label="Title">
        <Input />
      </Field>,
    );
    const input = screen.getByLabelText('Title');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });
});

describe('Button', () => {
  it('is type="button" by default and respects loading', () => {
    const onClick = vi.fn();
    renderWithTheme(
      <>
        <Button onClick={onClick}>Save</Button>
        <Button loading onClick={onClick}>
          Saving
        </Button>
        <Button type="submit">Submit</Button>
      </>,
    );
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.type).toBe('button');
    fireEvent.click(save);
    const saving = screen.getByRole('button', { name: /Saving/ }) as HTMLButtonElement;
    expect(saving.disabled).toBe(true);
    expect(saving.getAttribute('aria-busy')).toBe('true');
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).type).toBe('submit');
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('renders as a router link with `as`', () => {
    renderWithTheme(
      <MemoryRouter>
        <Button as={Link} to="/events" variant="outline">
          View All
        </Button>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'View All' });
    expect(link.getAttribute('href')).toBe('/events');
    expect(link.hasAttribute('type')).toBe(false);
  });
});

describe('Switch and SearchInput', () => {
  it('toggles with its label', () => {
    const onChange = vi.fn();
    renderWithTheme(<Switch checked={false} onCheckedChange={onChange} label="Show expired tickets" />);
    const control = screen.getByRole('switch', { name: 'Show expired tickets' });
    expect(control.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(control);
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('labels a bare search box by its placeholder', () => {
    renderWithTheme(<SearchInput placeholder="Search events..." />);
    expect(screen.getByRole('searchbox', { name: 'Search events...' })).toBeTruthy();
  });
});

describe('SearchHint', () => {
  it('is a live region in the page before it has words, so their arrival is announced', () => {
    const { rerender } = renderWithTheme(<SearchHint id="hint" />);
    const region = screen.getByRole('status');
    expect(region.id).toBe('hint');
    expect(region.textContent).toBe('');
    rerender(<SearchHint id="hint">Type at least 3 characters to search</SearchHint>);
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toBe('Type at least 3 characters to search');
  });
});
