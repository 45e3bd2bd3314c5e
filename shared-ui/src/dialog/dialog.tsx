import {
  createContext,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import styled, { keyframes } from 'styled-components';
import { CloseIcon } from '../icons/icons';
import { getFocusable, isTopModal, lockBodyScroll, pushModal, removeModal } from './modal-stack';

export type DialogSize = 'sm' | 'md' | 'lg' | 'xl' | 'full';

export interface DialogProps {
  open: boolean;
  /** Called on Escape, backdrop click and the close button. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** Buttons row pinned under the scrolling body. */
  footer?: ReactNode;
  size?: DialogSize;
  children?: ReactNode;
  /** Element to focus on open; default is the first focusable element of the body or footer. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Default true. */
  closeOnBackdropClick?: boolean;
  /** Hide the × button in the header (the dialog must then offer another way out). */
  hideCloseButton?: boolean;
  /** 'alertdialog' for confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  /** Extra header content to the left of the × button, e.g. the ticket's Download PDF. */
  headerActions?: ReactNode;
  className?: string;
}

const maxWidths: Record<DialogSize, string> = {
  sm: '420px',
  md: '560px',
  lg: '760px',
  xl: '1040px',
  full: '1280px',
};

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

const popIn = keyframes`
  from { opacity: 0; transform: translateY(8px) scale(0.98); }
  to { opacity: 1; transform: none; }
`;

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndices.dialog};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space.sm};
  background: ${({ theme }) => theme.colors.overlay};
  animation: ${fadeIn} 150ms ease-out;
  overscroll-behavior: contain;

  @media (min-width: ${({ theme }) => theme.breakpoints.phoneLg}px) {
    padding: ${({ theme }) => theme.space.xl};
  }
`;

const Panel = styled.div<{ $size: DialogSize }>`
  display: flex;
  flex-direction: column;
  width: 100%;
  max-width: ${({ $size }) => maxWidths[$size]};
  max-height: calc(100vh - 16px);
  max-height: calc(100dvh - 16px);
  border-radius: ${({ theme }) => theme.radii.xl};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.xl};
  animation: ${popIn} 180ms cubic-bezier(0.2, 0.8, 0.2, 1);
  outline: none;

  @media (min-width: ${({ theme }) => theme.breakpoints.phoneLg}px) {
    max-height: calc(100vh - 48px);
    max-height: calc(100dvh - 48px);
  }
`;

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.lg} ${theme.space.lg} ${theme.space.md}`};

  @media (min-width: ${({ theme }) => theme.breakpoints.phoneLg}px) {
    padding: ${({ theme }) => `${theme.space.xl} ${theme.space.xl} ${theme.space.md}`};
  }
`;

const Titles = styled.div`
  flex: 1;
  min-width: 0;
`;

const Title = styled.h2`
  margin: 0;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  overflow-wrap: anywhere;
`;

const Description = styled.div`
  margin-top: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const HeaderActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.xs};
  margin: -6px -6px 0 0;
`;

const CloseButton = styled.button`
  display: grid;
  flex: none;
  place-items: center;
  width: 36px;
  height: 36px;
  border: none;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  transition: background-color ${({ theme }) => theme.transitions.fast};

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Body = styled.div`
  flex: 1 1 auto;
  min-height: 0;
  padding: ${({ theme }) => `0 ${theme.space.lg} ${theme.space.lg}`};
  overflow-y: auto;
  overscroll-behavior: contain;

  @media (min-width: ${({ theme }) => theme.breakpoints.phoneLg}px) {
    padding: ${({ theme }) => `0 ${theme.space.xl} ${theme.space.xl}`};
  }
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap-reverse;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => `0 0 ${theme.radii.xl} ${theme.radii.xl}`};

  @media (min-width: ${({ theme }) => theme.breakpoints.phoneLg}px) {
    padding: ${({ theme }) => `${theme.space.lg} ${theme.space.xl}`};
  }

  /* Phones: buttons share the row, the primary action (last) ends up on top. */
  @media (max-width: ${({ theme }) => theme.breakpoints.phoneLg - 0.02}px) {
    & > * {
      flex: 1 1 100%;
    }
  }
`;

const DialogDepthContext = createContext(0);

/**
 * An accessible modal: rendered into document.body, labelled by its title, focus moved in on
 * open, trapped while open and restored on close; Escape and a backdrop click close it; the page
 * behind does not scroll. Nested dialogs work: only the topmost one reacts to keys.
 */
export function Dialog(props: DialogProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return createPortal(<OpenDialog {...props} />, document.body);
}

function OpenDialog({
  onClose,
  title,
  description,
  footer,
  size = 'md',
  children,
  initialFocusRef,
  closeOnBackdropClick = true,
  hideCloseButton = false,
  role = 'dialog',
  headerActions,
  className,
}: DialogProps) {
  const [id] = useState(() => Symbol('dialog'));
  const depth = useContext(DialogDepthContext) + 1;
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // A press that starts inside the panel and ends on the backdrop (e.g. selecting text) must
  // not close the dialog, so the backdrop click only counts when both ends are on it.
  const pressStartedOnBackdrop = useRef(false);

  useLayoutEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    pushModal(id, depth);
    const unlock = lockBodyScroll();

    const panel = panelRef.current;
    const target =
      initialFocusRef?.current ?? (contentRef.current ? getFocusable(contentRef.current)[0] : undefined) ?? panel;
    target?.focus({ preventScroll: true });

    return () => {
      removeModal(id);
      unlock();
      if (previouslyFocused && previouslyFocused.isConnected && typeof previouslyFocused.focus === 'function') {
        previouslyFocused.focus({ preventScroll: true });
      }
    };
    // Runs once per opening: the dialog mounts on open and unmounts on close.
  }, []);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isTopModal(id) || event.defaultPrevented) return;
      const panel = panelRef.current;
      if (!panel) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = getFocusable(panel);
      if (focusable.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const first = focusable[0]!;
      const last = focusable[focusable.length - 1]!;
      const active = document.activeElement;
      const inside = active instanceof Node && panel.contains(active);
      if (event.shiftKey && (active === first || active === panel || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [id]);

  return (
    <DialogDepthContext.Provider value={depth}>
      <Overlay
        data-testid="dialog-overlay"
        onMouseDown={(event) => {
          pressStartedOnBackdrop.current = event.target === event.currentTarget;
        }}
        onClick={(event) => {
          const onBackdrop = event.target === event.currentTarget && pressStartedOnBackdrop.current;
          pressStartedOnBackdrop.current = false;
          if (onBackdrop && closeOnBackdropClick && isTopModal(id)) onCloseRef.current();
        }}
      >
        <Panel
          ref={panelRef}
          role={role}
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={description ? descriptionId : undefined}
          tabIndex={-1}
          $size={size}
          className={className}
        >
          <Header>
            <Titles>
              <Title id={titleId}>{title}</Title>
              {description && <Description id={descriptionId}>{description}</Description>}
            </Titles>
            {(headerActions || !hideCloseButton) && (
              <HeaderActions>
                {headerActions}
                {!hideCloseButton && (
                  <CloseButton type="button" aria-label="Close dialog" onClick={() => onCloseRef.current()}>
                    <CloseIcon size={20} />
                  </CloseButton>
                )}
              </HeaderActions>
            )}
          </Header>
          <div ref={contentRef} style={{ display: 'contents' }}>
            {children !== undefined && children !== null && <Body>{children}</Body>}
            {footer && <Footer>{footer}</Footer>}
          </div>
        </Panel>
      </Overlay>
    </DialogDepthContext.Provider>
  );
}
