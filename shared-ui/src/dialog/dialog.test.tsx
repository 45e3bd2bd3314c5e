import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
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
  it('shows the title, message and details as an alertdialog', async () => {
    renderWithTheme(<ConfirmHarness />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Event' });
    expect(dialog.textContent).toContain('Are you sure you want to delete "City Marathon"?');
    expect(dialog.textContent).toContain('This action cannot be undone.');
    // The question is the dialog's description, so screen readers read it on open.
    const describedBy = dialog.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toContain('City Marathon');
  });

  it('calls onConfirm from the confirm button', async () => {
    const onConfirm = vi.fn();
    renderWithTheme(<ConfirmHarness onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(dialog.querySelector('[data-testid="confirm-dialog-confirm"]')!);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('log').textContent).toBe('confirm');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('calls onCancel from the Cancel button', async () => {
    renderWithTheme(<ConfirmHarness />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('log').textContent).toBe('cancel');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('starts on Cancel, closes on Escape through onCancel and gives focus back to the trigger', async () => {
    renderWithTheme(<ConfirmHarness />);
    const trigger = screen.getByRole('button', { name: 'Delete' });
    trigger.focus();
    fireEvent.click(trigger);
    // Destructive confirmations start on Cancel, so a stray Enter deletes nothing.
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('log').textContent).toBe('cancel');
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('cannot be dismissed while busy', async () => {
    renderWithTheme(<ConfirmHarness busy />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByRole('alertdialog');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    const confirm = screen.getByTestId('confirm-dialog-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('log').textContent).toBe('');
  });
});

describe('Dialog', () => {
  it('is a labelled modal in document.body that hides the page behind it and locks its scroll', async () => {
    const onClose = vi.fn();
    const { rerender, container } = renderWithTheme(
      <>
        <button type="button">Behind</button>
        <Dialog open onClose={onClose} title="Edit Event" description="Change the event details">
          <input aria-label="Title" />
        </Dialog>
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event' });
    expect(container.contains(dialog)).toBe(false);
    expect(document.body.contains(dialog)).toBe(true);
    const describedBy = dialog.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe('Change the event details');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Title')));
    // The rest of the page is out of reach: hidden from assistive technology, no pointer events.
    expect(container.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Behind' })).toBeNull();
    expect(document.body.style.pointerEvents).toBe('none');
    expect(document.body.hasAttribute('data-scroll-locked')).toBe(true);

    rerender(
      <>
        <button type="button">Behind</button>
        <Dialog open={false} onClose={onClose} title="Edit Event">
          <input aria-label="Title" />
        </Dialog>
      </>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(container.getAttribute('aria-hidden')).toBeNull());
    expect(screen.getByRole('button', { name: 'Behind' })).toBeTruthy();
    expect(document.body.hasAttribute('data-scroll-locked')).toBe(false);
  });

  it('closes on a backdrop press but not on a press inside', async () => {
    const onClose = vi.fn();
    renderWithTheme(
      <Dialog open onClose={onClose} title="Event details">
        <p>Body text</p>
      </Dialog>,
    );
    const inside = await screen.findByText('Body text');
    fireEvent.pointerDown(inside);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.pointerDown(screen.getByTestId('dialog-overlay'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('ignores backdrop presses when closeOnBackdropClick is false', async () => {
    const onClose = vi.fn();
    renderWithTheme(<Dialog open onClose={onClose} title="Payment" closeOnBackdropClick={false} />);
    fireEvent.pointerDown(await screen.findByTestId('dialog-overlay'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes from the labelled close button', async () => {
    const onClose = vi.fn();
    renderWithTheme(<Dialog open onClose={onClose} title="Event details" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Close dialog' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps Tab inside the dialog', async () => {
    renderWithTheme(
      <>
        <button type="button">Outside</button>
        <Dialog open onClose={() => {}} title="Form" footer={<button type="button">Save</button>}>
          <input aria-label="Name" />
        </Dialog>
      </>,
    );
    const close = await screen.findByRole('button', { name: 'Close dialog' });
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.keyDown(save, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(save);
  });

  it('opened from another dialog that closes, gives focus back to what opened the first', async () => {
    // An event's view opens its Reports in its place; closing Reports returns to the row's View.
    function Harness() {
      const [open, setOpen] = useState<'view' | 'reports' | null>(null);
      return (
        <>
          <button type="button" onClick={() => setOpen('view')}>
            View City Marathon
          </button>
          <Dialog open={open === 'view'} onClose={() => setOpen(null)} title="City Marathon">
            <button type="button" onClick={() => setOpen('reports')}>
              Reports
            </button>
          </Dialog>
          <Dialog open={open === 'reports'} onClose={() => setOpen(null)} title="Reports">
            <p>T-shirt sizes</p>
            <button type="button">Download</button>
          </Dialog>
        </>
      );
    }
    renderWithTheme(<Harness />);
    const view = screen.getByRole('button', { name: 'View City Marathon' });
    view.focus();
    fireEvent.click(view);
    const reports = await screen.findByRole('button', { name: 'Reports' });
    await waitFor(() => expect(document.activeElement).toBe(reports));
    fireEvent.click(reports);
    await screen.findByRole('dialog', { name: 'Reports' });
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(view));
  });

  it('with nested dialogs, Escape closes only the top one', async () => {
    const closeOuter = vi.fn();
    const closeInner = vi.fn();
    renderWithTheme(
      <Dialog open onClose={closeOuter} title="Registration Details">
        <Dialog open onClose={closeInner} title="Delete Registration">
          <button type="button">Inner</button>
        </Dialog>
      </Dialog>,
    );
    await screen.findByRole('button', { name: 'Inner' });
    act(() => {
      fireEvent.keyDown(document.body, { key: 'Escape' });
    });
    expect(closeInner).toHaveBeenCalledTimes(1);
    expect(closeOuter).not.toHaveBeenCalled();
  });
});

describe('Dialog body', () => {
  /** Lays out every element as jsdom cannot: `content` px of content in a body `box` px high. */
  function layOut(content: number, box: number) {
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(content);
    const client = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(box);
    return () => {
      scroll.mockRestore();
      client.mockRestore();
    };
  }

  it('that scrolls is a region named by the title, reachable by keyboard; the dialog still opens on its first control', async () => {
    const restore = layOut(1400, 500);
    try {
      renderWithTheme(
        <Dialog open title="Event details" onClose={() => undefined}>
          <p>A long description of the event.</p>
          <button type="button">Edit</button>
        </Dialog>,
      );
      const region = await screen.findByRole('region', { name: 'Event details' });
      expect(region.getAttribute('tabindex')).toBe('0');
      await waitFor(() => expect(document.activeElement?.textContent).toBe('Edit'));
    } finally {
      restore();
    }
  });

  it('that fits adds no tab stop and no region', async () => {
    const restore = layOut(300, 500);
    try {
      renderWithTheme(
        <Dialog open title="Short" onClose={() => undefined}>
          <p>Fits.</p>
        </Dialog>,
      );
      await screen.findByRole('dialog', { name: 'Short' });
      expect(screen.queryByRole('region')).toBeNull();
      expect(screen.getByText('Fits.').parentElement!.hasAttribute('tabindex')).toBe(false);
    } finally {
      restore();
    }
  });
});
