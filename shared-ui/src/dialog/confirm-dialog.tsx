import { useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../form/button';
import { Dialog } from './dialog';

const Message = styled.div`
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: ${({ theme }) => theme.lineHeights.normal};
  overflow-wrap: anywhere;

  & > p {
    margin: 0;
  }
  & > p + p {
    margin-top: ${({ theme }) => theme.space.sm};
  }
`;

const Details = styled.div`
  margin-top: ${({ theme }) => theme.space.lg};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** The question, e.g. 'Are you sure you want to delete "City Marathon"?'. */
  message: ReactNode;
  /** Anything below the question: consequences, warnings (see `Callout`). */
  details?: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** 'danger' (default) for destructive actions, 'primary' otherwise. */
  tone?: 'danger' | 'primary';
  onConfirm: () => void | Promise<unknown>;
  /** Called by Cancel, Escape, the × button and a backdrop click. */
  onCancel: () => void;
  /** While true the confirm button spins and the dialog cannot be dismissed. */
  busy?: boolean;
  /** The confirm button cannot be pressed yet (e.g. until a title is typed). */
  confirmDisabled?: boolean;
}

/**
 * A yes/no question as an alertdialog. Focus starts on Cancel for destructive confirmations, so
 * a stray Enter never deletes anything. The parent owns `open` and closes it after the action.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  details,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  tone = 'danger',
  onConfirm,
  onCancel,
  busy = false,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const dismiss = () => {
    if (!busy) onCancel();
  };
  return (
    <Dialog
      open={open}
      onClose={dismiss}
      title={title}
      size="sm"
      role="alertdialog"
      initialFocusRef={tone === 'danger' ? cancelRef : confirmRef}
      description={<Message>{typeof message === 'string' ? <p>{message}</p> : message}</Message>}
      footer={
        <>
          <Button ref={cancelRef} variant="outline" onClick={dismiss} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            ref={confirmRef}
            variant={tone === 'danger' ? 'danger' : 'primary'}
            onClick={() => void onConfirm()}
            loading={busy}
            disabled={confirmDisabled}
            data-testid="confirm-dialog-confirm"
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {details ? <Details>{details}</Details> : null}
    </Dialog>
  );
}

const CalloutRoot = styled.div<{ $tone: 'warning' | 'danger' | 'info' }>`
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.lg}`};
  border: 1px solid
    ${({ theme, $tone }) => theme.tones[$tone === 'warning' ? 'yellow' : $tone === 'danger' ? 'red' : 'blue'].border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $tone }) => theme.tones[$tone === 'warning' ? 'yellow' : $tone === 'danger' ? 'red' : 'blue'].bg};
  color: ${({ theme, $tone }) => theme.tones[$tone === 'warning' ? 'yellow' : $tone === 'danger' ? 'red' : 'blue'].fg};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  & > strong {
    display: block;
    margin-bottom: 2px;
  }
`;

export interface CalloutProps {
  tone?: 'warning' | 'danger' | 'info';
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A tinted notice box, e.g. 'Payment Processed' in the registration delete dialog. */
export function Callout({ tone = 'warning', title, children, className }: CalloutProps) {
  return (
    <CalloutRoot $tone={tone} className={className} data-tone={tone}>
      {title && <strong>{title}</strong>}
      {children}
    </CalloutRoot>
  );
}
