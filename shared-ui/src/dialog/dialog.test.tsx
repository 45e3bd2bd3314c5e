import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithTheme } from '../test/render';
import { ConfirmDialog } from './confirm-dialog';
import { Dialog } from './dialog';

function ConfirmHarness({ onConfirm, busy = false }: { onConfirm?: () => void; busy?: boolean }) {
  const [open, setOpen] = useState(false);
  const [log, setLog] = useState<string[]>([]);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      <p data-testid="log">{log.join(',')}</p>
      <ConfirmDialog
        open={open}
        title="Delete Event"
        message='Are you sure you want to delete "City Marathon"?'
        details="This action cannot be undone. All associated data including registrations and analytics will be permanently removed."
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => {
          onConfirm?.();
          setLog((l) => [...l, 'confirm']);
          setOpen(false);
        }}
        onCancel={() => {
          setLog((l) => [...l, 'cancel']);
          setOpen(false);
        }}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('shows the title, message and details as an alertdialog', () => {
    renderWithTheme(<ConfirmHarness />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Event' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('Are you sure you want to delete "City Marathon"?');
    expect(dialog.textContent).toContain('This action cannot be undone.');
    // The question is the dialog's description, so screen readers read it on open.
    const describedBy = dialog.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toContain('City Marathon');
  });

  it('calls onConfirm from the confirm button', () => {
    const onConfirm = vi.fn();
    renderWithTheme(<ConfirmHarness onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog');
    fireEvent.click(dialog.querySelector('[data-testid="confirm-dialog-confirm"]')!);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('log').textContent).toBe('confirm');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('calls onCancel from the Cancel button', () => {
    renderWithTheme(<ConfirmHarness />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('log').textContent).toBe('cancel');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('closes on Escape through onCancel and gives focus back to the trigger', () => {
    renderWithTheme(<ConfirmHarness />);
    const trigger = screen.getByRole('button', { name: 'Delete' });
    trigger.focus();
    fireEvent.click(trigger);
    // Destructive confirmations start on Cancel, so a stray Enter deletes nothing.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('log').textContent).toBe('cancel');
    expect(document.activeElement).toBe(trigger);
  });

  it('cannot be dismissed while busy', () => {
    renderWithTheme(<ConfirmHarness busy />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    const confirm = screen.getByTestId('confirm-dialog-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('log').textContent).toBe('');
  });
});

describe('Dialog', () => {
  it('is a labelled modal in document.body that locks page scroll while open', () => {
    const onClose = vi.fn();
    const { rerender, container } = renderWithTheme(
      <Dialog open onClose={onClose} title="Edit Event" description="Change the event details">
        <input aria-label="Title" />
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit Event' });
    expect(container.contains(dialog)).toBe(false);
    expect(document.body.contains(dialog)).toBe(true);
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.body.style.overflow).toBe('hidden');
    expect(document.activeElement).toBe(screen.getByLabelText('Title'));

    rerender(
      <Dialog open={false} onClose={onClose} title="Edit Event">
        <input aria-label="Title" />
      </Dialog>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on a backdrop click but not on a click inside', () => {
    const onClose = vi.fn();
    renderWithTheme(
      <Dialog open onClose={onClose} title="Event details">
        <p>Body text</p>
      </Dialog>,
    );
    const inside = screen.getByText('Body text');
    fireEvent.mouseDown(inside);
    fireEvent.click(inside);
    expect(onClose).not.toHaveBeenCalled();
    const overlay = screen.getByTestId('dialog-overlay');
    fireEvent.mouseDown(overlay);
    fireEvent.click(overlay);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes from the labelled close button', () => {
    const onClose = vi.fn();
    renderWithTheme(<Dialog open onClose={onClose} title="Event details" />);
    fireEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps Tab inside the dialog', () => {
    renderWithTheme(
      <>
        <button type="button">Outside</button>
        <Dialog open onClose={() => {}} title="Form" footer={<button type="button">Save</button>}>
          <input aria-label="Name" />
        </Dialog>
      </>,
    );
    const close = screen.getByRole('button', { name: 'Close dialog' });
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.keyDown(save, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(save);
  });

  it('with nested dialogs, Escape closes only the top one', () => {
    const closeOuter = vi.fn();
    const closeInner = vi.fn();
    renderWithTheme(
      <Dialog open onClose={closeOuter} title="Registration Details">
        <Dialog open onClose={closeInner} title="Delete Registration">
          <button type="button">Inner</button>
        </Dialog>
      </Dialog>,
    );
    act(() => {
      fireEvent.keyDown(document.body, { key: 'Escape' });
    });
    expect(closeInner).toHaveBeenCalledTimes(1);
    expect(closeOuter).not.toHaveBeenCalled();
  });
});
