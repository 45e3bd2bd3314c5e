// @tdk/shared-ui/admin: the admin console's parts of the design system (tables, the pager, page
// headers, stat cards, list parts, status badges, the switch, the role guard), a federated entry of
// its own so that no public page's first load carries them (issue 26's budget, decision 019).
export {
  EVENT_STATUS_TONES,
  TICKET_STATUS_TONES,
  REGISTRATION_STATUS_TONES,
  PAYMENT_STATUS_TONES,
  eventStatusTone,
  ticketStatusTone,
  registrationStatusTone,
  paymentStatusTone,
} from '../status/status-tones';
export {
  StatusBadge,
  EventStatusBadge,
  TicketStatusBadge,
  RegistrationStatusBadge,
  PaymentStatusBadge,
} from '../status/status-badge';
export type { StatusBadgeProps } from '../status/status-badge';
export { DataTable } from '../table/data-table';
export { useColumnChooser } from '../table/column-chooser';
export type { ChoosableColumn } from '../table/column-choice';
export type { DataTableColumn, DataTableProps, ColumnAlign } from '../table/data-table';
export { Pager } from '../table/pager';
export { usePageOf } from '../table/use-page-of';
export type { PagerProps } from '../table/pager';
export { Switch } from '../form/switch';
export type { SwitchProps } from '../form/switch';
export { PageHeader } from '../layout/page-header';
export type { PageHeaderProps } from '../layout/page-header';
export { StatCard, StatGrid } from '../layout/stat-card';
export type { StatCardProps } from '../layout/stat-card';
export { ListToolbar, CellActions, NoWrap, ListError, DetailList, RowActionButtons } from '../layout/list-parts';
export type { RowActionButtonsProps } from '../layout/list-parts';
export { AccessDenied } from '../layout/access-denied';
export { useSearchText } from './use-search-text';
export { useAdminEventOptions } from './use-event-options';
export { RequireRole } from './require-role';
export type { RequireRoleProps } from './require-role';
