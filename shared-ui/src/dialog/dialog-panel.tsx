// The dialog's implementation, fetched on the first opening (see dialog.tsx). Radix supplies the
// behaviour of the WAI-ARIA dialog pattern; this file supplies the platform's look.
import * as RadixDialog from '@radix-ui/react-dialog';
import { useCallback, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { CloseIcon } from '../icons/icons';
import { useCommonT } from '../i18n/common';
import type { DialogProps, DialogSize } from './dialog';

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

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function firstFocusable(container: HTMLElement | null): HTMLElement | undefined {
  if (!container) return undefined;
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).find(
    // The scrolling body is a stop for the keyboard to scroll, not the control a dialog opens on.
    (el) => el.getAttribute('aria-hidden') !== 'true' && !el.closest('[inert]') && !el.hasAttribute('data-dialog-body'),
  );
}

/**
 * The dialog's body. When its content is taller than the screen leaves it (a long form on a phone),
 * it scrolls, and is then a focusable region named by the dialog's title, so a keyboard can scroll
 * it even where it holds no control (WCAG 2.1.1; axe's scrollable-region-focusable). A body that
 * fits adds no tab stop.
 */
function ScrollingBody({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const body = ref.current;
    if (!body) return undefined;
    const measure = () => setScrolls(body.scrollHeight > body.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    // The body's own size (the screen) and its content's (a section opened, a list loaded).
    const observer = new ResizeObserver(measure);
    observer.observe(body);
    for (const child of Array.from(body.children)) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return (
    <Body ref={ref} data-dialog-body="" {...(scrolls && { tabIndex: 0, role: 'region', 'aria-labelledby': labelledBy })}>
      {children}
    </Body>
  );
}

/** Each open dialog's panel → the controls its focus returns to on close (see returnTo). */
const openersOf = new WeakMap<Element, (HTMLElement | null)[]>();

export default function DialogPanel({
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
  const t = useCommonT();
  const contentRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // Read during the first render, before the dialog takes focus: the control that opened it.
  // Radix gives focus back to its own Trigger only, and the platform's dialogs are opened by
  // whatever the page has (row actions, header buttons), so the opener is remembered here.
  // A dialog opened from another that then closes (an event's view, then its Reports) gives focus
  // back to what opened the first: the controls that could take it back, nearest first.
  const [returnTo] = useState(() => {
    const opener =
      typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const parent = opener?.closest('[data-dialog-panel]');
    return [opener, ...((parent && openersOf.get(parent)) ?? [])];
  });
  // A callback ref: the portal draws the panel a render after this component mounts.
  const registerPanel = useCallback(
    (panel: HTMLDivElement | null) => {
      if (panel) openersOf.set(panel, returnTo);
    },
    [returnTo],
  );

  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onCloseRef.current()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay asChild>
          <Overlay data-testid="dialog-overlay">
            <RadixDialog.Content
              asChild
              role={role}
              // Named by its title, whose id the scrolling body names itself by too.
              aria-labelledby={titleId}
              // Without a description Radix would point aria-describedby at nothing.
              {...(description ? {} : { 'aria-describedby': undefined })}
              onOpenAutoFocus={(event) => {
                event.preventDefault();
                const target = initialFocusRef?.current ?? firstFocusable(contentRef.current) ?? contentRef.current;
                target?.focus({ preventScroll: true });
              }}
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                returnTo.find((control) => control?.isConnected)?.focus({ preventScroll: true });
              }}
              onPointerDownOutside={(event) => {
                if (!closeOnBackdropClick) event.preventDefault();
              }}
            >
              <Panel ref={registerPanel} data-dialog-panel="" $size={size} className={className}>
                <Header>
                  <Titles>
                    <RadixDialog.Title asChild>
                      <Title id={titleId}>{title}</Title>
                    </RadixDialog.Title>
                    {description && (
                      <RadixDialog.Description asChild>
                        <Description>{description}</Description>
                      </RadixDialog.Description>
                    )}
                  </Titles>
                  {(headerActions || !hideCloseButton) && (
                    <HeaderActions>
                      {headerActions}
                      {!hideCloseButton && (
                        <CloseButton type="button" aria-label={t('dialog.close')} onClick={() => onCloseRef.current()}>
                          <CloseIcon size={20} />
                        </CloseButton>
                      )}
                    </HeaderActions>
                  )}
                </Header>
                <div ref={contentRef} style={{ display: 'contents' }}>
                  {children !== undefined && children !== null && <ScrollingBody labelledBy={titleId}>{children}</ScrollingBody>}
                  {footer && <Footer>{footer}</Footer>}
                </div>
              </Panel>
            </RadixDialog.Content>
          </Overlay>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
