// @tdk/shared-ui: the design system and platform hooks shared, as one federated singleton, by
// the shell and every remote. Consumed as TypeScript source.

// Theme
export { theme, media } from './theme/theme';
export type { AppTheme, Tone, AccentTone, Breakpoint } from './theme/theme';
export { GlobalStyle } from './theme/global-style';
export { darken, lighten, readableOnWhite } from './theme/brand-theme';

// Formatters
export { formatRupees, formatNumber, formatPrice, formatStartingPrice, formatCompactRupees } from './format/currency';
export {
  INDIA_TIME_ZONE,
  formatLongDate,
  formatWeekdayDate,
  formatShortDate,
  formatTime12,
  formatDateTime,
  formatEventDateTime,
  indiaDateKey,
  toIndiaParts,
} from './format/date-time';
export type { DateInput, IndiaDateParts } from './format/date-time';
export { cityFromVenue, initials, pluralize } from './format/text';
// Forms are a separate entry: import { useSchemaForm, applyServerErrors } from '@tdk/shared-ui/forms'.
// Tests mount screens with import { renderWithPlatform } from '@tdk/shared-ui/testing'.

// Dialogs
export { Dialog, preloadDialog } from './dialog/dialog';
// Tabs are a separate entry: import { Tabs } from '@tdk/shared-ui/tabs'.
// The event ticket (QR, PDF) is one too: import { EventTicket, TicketDialog } from '@tdk/shared-ui/ticket'.
export type { DialogProps, DialogSize } from './dialog/dialog';
export { ConfirmDialog, Callout } from './dialog/confirm-dialog';
export type { ConfirmDialogProps, CalloutProps } from './dialog/confirm-dialog';

// Toasts
export { ToastProvider, useToast, DEFAULT_TOAST_DURATION_MS } from './toast/toast-provider';
export type { ToastApi, ToastOptions, ToastVariant } from './toast/toast-provider';

// Loading placeholders (the admin console's tables, pager, page headers, status badges and role
// guard are the entry '@tdk/shared-ui/admin')
export { Skeleton } from './table/skeleton';
export type { SkeletonProps } from './table/skeleton';

// Form controls
export { Button, IconButton } from './form/button';
export type { ButtonProps, ButtonVariant, ButtonSize } from './form/button';
export { Input, Select, Textarea, SearchInput, SearchHint } from './form/inputs';
export { Options } from './form/options';
export type { SearchInputProps } from './form/inputs';
export { Label } from './form/label';
export type { LabelProps } from './form/label';
export { Field } from './form/field';
export type { FieldProps, FieldControlProps } from './form/field';

// Layout and page-level states
export { Card, CardHeader, CardTitle, CardDescription, CardBody, CardFooter } from './layout/card';
export { EmptyState } from './layout/empty-state';
export type { EmptyStateProps } from './layout/empty-state';
export { NotFoundPage } from './layout/not-found-page';
export { SectionUnavailable } from './layout/section-unavailable';
export type { SectionUnavailableProps } from './layout/section-unavailable';
export { Spinner, SpinnerRing } from './feedback/spinner';
export type { SpinnerProps } from './feedback/spinner';
export { VisuallyHidden, visuallyHiddenCss } from './a11y/visually-hidden';
export { SkipLink } from './a11y/skip-link';

// Icons
export {
  CloseIcon,
  CheckCircleIcon,
  AlertTriangleIcon,
  InfoIcon,
  SearchIcon,
  InboxIcon,
  RefreshIcon,
  LockIcon,
  ChevronDownIcon,
  MapPinIcon,
  GlobeIcon,
  LocateIcon,
  HeartIcon,
  ShareIcon,
  CalendarIcon,
  ClockIcon,
  UserIcon,
  MinusIcon,
  PlusIcon,
  CheckIcon,
  BookmarkIcon,
  ArrowLeftIcon,
  ArrowRightIcon,
  LogOutIcon,
  DownloadIcon,
  MailIcon,
  MessageIcon,
} from './icons/icons';
export type { IconProps } from './icons/icons';

// Platform: typed API client, query cache, session, config, providers
export { ApiError, isApiError, isApiErrorBody, getErrorMessage } from './platform/api-error';
export { AccentThemeProvider } from './platform/brand-theme-provider';
export { createApiClient, callApi, errorFromResponse, NETWORK_ERROR_MESSAGE } from './platform/api-client';
export type { ApiClient, SuccessBody } from './platform/api-client';
export { ApiProvider, useApiClient } from './platform/api-context';
export { peekFirstScreenResponse, setFirstScreenResponses } from './platform/first-screen';
export { FirstScreenResponsesProvider, useFirstScreenResponse } from './platform/first-screen-context';
export { RemoteSlot, REMOTE_SLOT_SELECTOR, isHydratingDrawnPage } from './platform/remote-slot';
export type { ApiProviderProps } from './platform/api-context';
export { queryKeys, INVALIDATES } from './data/query-keys';
export type { Resource } from './data/query-keys';
export { createQueryClient, invalidateResource, useApiMutation } from './data/query-client';
export type { ApiMutationOptions } from './data/query-client';
export { SessionProvider, useSession, roleAtLeast } from './platform/session';
export type { SessionState, SessionActions, SessionContextValue, SessionProviderProps, SignInResult } from './platform/session';
export { ConfigProvider, useConfig, DEFAULT_PLATFORM_CONFIG } from './platform/config';
export type { ConfigState, ConfigProviderProps } from './platform/config';
export { PlatformProvider } from './platform/platform-provider';
export type { PlatformProviderProps } from './platform/platform-provider';
export { useLocalStorageState } from './platform/use-local-storage-state';

// Development: mount one remote alone with the shell's providers
export { renderStandalone } from './standalone/render-standalone';

// Languages: catalogues, the visitor's language, formats in it (docs/decisions/019)
export * from './i18n';
export { LanguageSwitcher } from './i18n/language-switcher';
