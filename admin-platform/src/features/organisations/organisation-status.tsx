import type { OrganisationStatus } from '@tdk/api/contract';
import { StatusBadge } from '@tdk/shared-ui/admin';
import type { Tone } from '@tdk/shared-ui';

const TONES: Record<OrganisationStatus, Tone> = { applied: 'yellow', approved: 'green', suspended: 'red' };
const LABELS: Record<OrganisationStatus, string> = { applied: 'Awaiting approval', approved: 'Approved', suspended: 'Suspended' };

export const organisationStatusLabel = (status: OrganisationStatus) => LABELS[status];

export function OrganisationStatusBadge({ status }: { status: OrganisationStatus }) {
  return <StatusBadge tone={TONES[status]} label={LABELS[status]} />;
}
