import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled, { keyframes } from 'styled-components';
import { AlertTriangleIcon, CheckCircleIcon, CloseIcon } from '../icons/icons';
import { useCommonT } from '../i18n/common';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Time on screen in ms (default 5000). 0 or Infinity keeps it until dismissed. */
  durationMs?: number;
}

export interface ToastApi {
  /** Shows a toast and returns its id. */
  toast: (options: ToastOptions) => string;
  /** Dismisses one toast, or all of them without an id. */
  dismiss: (id?: string) => void;
}

interface ToastRecord extends Required<Pick<ToastOptions, 'variant' | 'durationMs'>> {
  id: string;
  title: ReactNode;
  description?: ReactNode;
}

export const DEFAULT_TOAST_DURATION_MS = 5000;
/** Older toasts beyond this many are dropped, so a burst of errors cannot cover the page. */
const MAX_TOASTS = 4;

// Module-level so host and remotes, sharing this singleton module, share one context.
const ToastContext = createContext<ToastApi | null>(null);

let counter = 0;
const nextId = () => `toast-${Date.now().toString(36)}-${(counter += 1)}`;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastRecord[]>([]);

  const dismiss = useCallback((id?: string) => {
    setToasts((current) => (id === undefined ? [] : current.filter((t) => t.id !== id)));
  }, []);

  const toast = useCallback((options: ToastOptions) => {
    const id = nextId();
    const record: ToastRecord = {
      id,
      title: options.title,
      description: options.description,
      variant: options.variant ?? 'default',
      durationMs: options.durationMs ?? DEFAULT_TOAST_DURATION_MS,
    };
    setToasts((current) => [...current, record].slice(-MAX_TOASTS));
    return id;
  }, []);

  const api = useMemo<ToastApi>(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastViewport toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

/** `const { toast } = useToast(); toast({ title: 'Success', description: 'Event created successfully', variant: 'success' })` */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) {
    throw new Error(
      'useToast() was called outside <ToastProvider>. Mount <PlatformProvider> (the shell does; a remote mounts it in its bootstrap).',
    );
  }
  return api;
}

const slideIn = keyframes`
  from { opacity: 0; transform: translateY(12px); }
  to { opacity: 1; transform: none; }
`;

// One polite live region, always in the page so that a screen reader is already listening when a
// toast arrives; the toasts inside are plain blocks (a list of alerts breaks the list rules and
// interrupts whatever is being read).
const Viewport = styled.div`
  position: fixed;
  right: 0;
  /* Above a page's bottom bar (the event page's booking bar on a phone), if it has one. */
  bottom: var(--tdk-bottom-bar, 0px);
  left: 0;
  z-index: ${({ theme }) => theme.zIndices.toast};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: ${({ theme }) => theme.space.sm};
  pointer-events: none;

  &:empty {
    padding: 0;
  }

  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}px) {
    left: auto;
    width: 400px;
    padding: ${({ theme }) => theme.space.xl};
  }
`;

const Item = styled.div<{ $variant: ToastVariant }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.md} ${theme.space.md} ${theme.space.lg}`};
  border: 1px solid
    ${({ theme, $variant }) =>
      $variant === 'destructive'
        ? theme.colors.dangerHover
        : $variant === 'success'
          ? theme.tones.green.border
          : theme.colors.border};
  border-left: 4px solid
    ${({ theme, $variant }) =>
      $variant === 'destructive' ? '#7f1d1d' : $variant === 'success' ? theme.colors.success : theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $variant }) => ($variant === 'destructive' ? theme.colors.dangerHover : theme.colors.surface)};
  color: ${({ theme, $variant }) => ($variant === 'destructive' ? '#ffffff' : theme.colors.text)};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  pointer-events: auto;
  animation: ${slideIn} 200ms cubic-bezier(0.2, 0.8, 0.2, 1);
`;

const IconSlot = styled.span<{ $variant: ToastVariant }>`
  flex: none;
  margin-top: 1px;
  color: ${({ theme, $variant }) => ($variant === 'success' ? theme.colors.success : 'currentColor')};
`;

const Text = styled.div`
  flex: 1;
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Title = styled.div`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const Description = styled.div<{ $variant: ToastVariant }>`
  margin-top: 2px;
  color: ${({ theme, $variant }) => ($variant === 'destructive' ? 'rgba(255, 255, 255, 0.92)' : theme.colors.textMuted)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Close = styled.button<{ $variant: ToastVariant }>`
  display: grid;
  flex: none;
  place-items: center;
  width: 28px;
  height: 28px;
  margin: -2px -2px 0 0;
  padding: 0;
  border: none;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: inherit;
  opacity: 0.75;

  &:hover {
    opacity: 1;
    background: ${({ $variant }) => ($variant === 'destructive' ? 'rgba(255, 255, 255, 0.15)' : 'rgba(15, 23, 42, 0.06)')};
  }
  &:focus-visible {
    outline-color: ${({ $variant, theme }) => ($variant === 'destructive' ? '#ffffff' : theme.colors.focus)};
  }
`;

function ToastViewport({ toasts, onDismiss }: { toasts: ToastRecord[]; onDismiss: (id: string) => void }) {
  const tr = useCommonT();
  // Into the body once mounted: neither the server's drawing nor its hydration has it (a portal
  // cannot be hydrated), and a live region added at once is announced as well.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted || typeof document === 'undefined') return null;
  return createPortal(
    <Viewport role="status" aria-live="polite" aria-label={tr('toast.region')} data-testid="toast-viewport">
      {toasts.map((t) => (
        <ToastItem key={t.id} record={t} onDismiss={onDismiss} />
      ))}
    </Viewport>,
    document.body,
  );
}

function ToastItem({ record, onDismiss }: { record: ToastRecord; onDismiss: (id: string) => void }) {
  const { id, title, description, variant, durationMs } = record;
  const tr = useCommonT();
  const [paused, setPaused] = useState(false);
  const remaining = useRef(durationMs);

  // Hovering or focusing a toast pauses its timer, so it cannot vanish while being read or
  // while its close button has focus; the time left resumes afterwards.
  useEffect(() => {
    if (paused || !Number.isFinite(durationMs) || durationMs <= 0) return;
    const started = Date.now();
    const timer = setTimeout(() => onDismiss(id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, durationMs, id, onDismiss]);

  const destructive = variant === 'destructive';
  return (
    <Item
      $variant={variant}
      data-testid="toast"
      data-variant={variant}
      aria-atomic="true"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      {variant !== 'default' && (
        <IconSlot $variant={variant} aria-hidden="true">
          {destructive ? <AlertTriangleIcon size={18} /> : <CheckCircleIcon size={18} />}
        </IconSlot>
      )}
      <Text>
        <Title data-testid="toast-title">{title}</Title>
        {description && (
          <Description $variant={variant} data-testid="toast-description">
            {description}
          </Description>
        )}
      </Text>
      <Close type="button" $variant={variant} aria-label={tr('toast.dismiss')} onClick={() => onDismiss(id)}>
        <CloseIcon size={16} />
      </Close>
    </Item>
  );
}
