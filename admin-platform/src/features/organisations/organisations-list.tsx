import { useState } from 'react';
import { ORGANISATION_STATUSES, type OrganisationStatus, type PlatformOrganisationSummary } from '@tdk/api/contract';
import { Field, Options, Select, formatNumber, formatRupees, formatShortDate } from '@tdk/shared-ui';
import { DataTable, ListError, ListToolbar, type DataTableColumn } from '@tdk/shared-ui/admin';
import { Link } from '@tdk/shared-ui/router';
import { OrganisationStatusBadge, organisationStatusLabel } from './organisation-status';
import { useOrganisations } from './queries';

const COLUMNS: DataTableColumn<PlatformOrganisationSummary>[] = [
  {
    key: 'displayName',
    header: 'Organisation',
    render: (org) => (
      <Link to={`organisations/${org.id}`} aria-label={`Open ${org.displayName}`}>
        {org.displayName}
      </Link>
    ),
  },
  { key: 'status', header: 'Status', render: (org) => <OrganisationStatusBadge status={org.status} /> },
  { key: 'createdAt', header: 'Created', render: (org) => formatShortDate(org.createdAt) },
  { key: 'events', header: 'Events', align: 'right', render: (org) => formatNumber(org.counts.events) },
  { key: 'paidOrders', header: 'Paid orders', align: 'right', render: (org) => formatNumber(org.counts.paidOrders) },
  { key: 'moneyTaken', header: 'Money taken', align: 'right', render: (org) => formatRupees(org.counts.moneyTaken) },
];

/** Every organisation with its status and figures, narrowed by status. */
export function OrganisationsList() {
  const [status, setStatus] = useState<OrganisationStatus | ''>('');
  const { data, error, isPending } = useOrganisations(status || undefined);
  return (
    <>
      <ListToolbar>
        <Field label="Status">
          <Select value={status} onChange={(e) => setStatus(e.target.value as OrganisationStatus | '')}>
            <option value="">All</option>
            <Options values={ORGANISATION_STATUSES} label={organisationStatusLabel} />
          </Select>
        </Field>
      </ListToolbar>
      {error ? (
        <ListError role="alert">Failed to load organisations.</ListError>
      ) : (
        <DataTable
          caption="Organisations"
          hideCaption
          columns={COLUMNS}
          rows={data?.organisations ?? []}
          getRowKey={(org) => org.id}
          loading={isPending}
          emptyTitle="No organisations"
          emptyMessage={status ? 'No organisation has this status.' : 'No organisation has signed up yet.'}
        />
      )}
    </>
  );
}
