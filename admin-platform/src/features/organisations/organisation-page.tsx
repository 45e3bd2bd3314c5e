import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { INDIAN_STATES, type PlatformOrganisation } from '@tdk/api/contract';
import {
  Button,
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  Field,
  Input,
  Spinner,
  Textarea,
  formatNumber,
  formatRupees,
  formatShortDate,
  getErrorMessage,
  useSession,
  useToast,
} from '@tdk/shared-ui';
import { DetailList, ListError, PageHeader, Switch } from '@tdk/shared-ui/admin';
import { Link, useNavigate, useParams } from '@tdk/shared-ui/router';
import { usePlatformRole } from '../access/platform-staff-only';
import { ReasonDialog } from '../reason/reason-dialog';
import { OrganisationStatusBadge } from './organisation-status';
import { useOrganisation, useOrganisationDecision, useUpdateOrganisation } from './queries';

const stateName = (code: string) => INDIAN_STATES.find((s) => s.code === code)?.name ?? code;

/** /admin/platform/organisations/:id: one organisation's profile, figures, notes and standing. */
export function OrganisationPage() {
  const id = Number(useParams().id);
  const { data, error, isPending } = useOrganisation(id);
  return (
    <>
      <p>
        <Link to="..">Back to organisations</Link>
      </p>
      {error ? (
        <ListError role="alert">Failed to load the organisation: {getErrorMessage(error)}</ListError>
      ) : isPending ? (
        <Spinner label="Loading organisation" />
      ) : (
        <Organisation organisation={data.organisation} />
      )}
    </>
  );
}

function Organisation({ organisation: org }: { organisation: PlatformOrganisation }) {
  const isPlatformAdmin = usePlatformRole() === 'platform_admin';
  const decide = useOrganisationDecision();
  const { toast } = useToast();
  const [suspending, setSuspending] = useState(false);
  const [confirming, setConfirming] = useState<'approve' | 'reinstate' | null>(null);
  const session = useSession();
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);
  // Platform staff act in any organisation, as support where they are no member (decision 051):
  // its console opens on its dashboard, and the top bar's switcher leads back.
  const openConsole = async () => {
    setOpening(true);
    try {
      await session.switchOrganisation(org.id);
      navigate('/admin');
    } catch (failure) {
      toast({ title: 'Error', description: `Could not open its console: ${getErrorMessage(failure)}`, variant: 'destructive' });
      setOpening(false);
    }
  };

  const decideNow = async (decision: 'approve' | 'reinstate') => {
    try {
      await decide.mutateAsync({ id: org.id, decision });
      toast({
        title: decision === 'approve' ? 'Organisation approved' : 'Organisation reinstated',
        description: `${org.displayName} can publish and sell.`,
        variant: 'success',
      });
    } catch (failure) {
      toast({ title: 'Error', description: getErrorMessage(failure), variant: 'destructive' });
    } finally {
      setConfirming(null);
    }
  };

  return (
    <>
      <PageHeader
        title={org.displayName}
        subtitle={<OrganisationStatusBadge status={org.status} />}
        actions={
          <>
            {session.organisation?.id !== org.id && (
              <Button variant="outline" loading={opening} onClick={() => void openConsole()}>
                Open its console
              </Button>
            )}
            {isPlatformAdmin && (
              <>
                {org.status === 'applied' && <Button onClick={() => setConfirming('approve')}>Approve</Button>}
                {org.status === 'approved' && (
                  <Button variant="danger" onClick={() => setSuspending(true)}>
                    Suspend
                  </Button>
                )}
                {org.status === 'suspended' && <Button onClick={() => setConfirming('reinstate')}>Reinstate</Button>}
              </>
            )}
          </>
        }
      />
      <Sections>
        <Card>
          <CardHeader>
            <CardTitle>Profile</CardTitle>
          </CardHeader>
          <CardBody>
            <DetailList>
              <dt>Web address</dt>
              <dd>/o/{org.slug}</dd>
              <dt>Legal name</dt>
              <dd>{org.legalName}</dd>
              <dt>State</dt>
              <dd>{stateName(org.state)}</dd>
              <dt>PAN</dt>
              <dd>{org.pan || 'Not given'}</dd>
              <dt>GSTIN</dt>
              <dd>{org.gstin ?? 'Not registered'}</dd>
              <dt>Contact</dt>
              <dd>
                {org.contactEmail}
                {org.contactPhone && `, ${org.contactPhone}`}
              </dd>
              <dt>Admins</dt>
              <dd>{org.admins.map((admin) => `${admin.fullName} (${admin.email})`).join(', ') || 'None'}</dd>
              <dt>Created</dt>
              <dd>{formatShortDate(org.createdAt)}</dd>
              {org.status === 'suspended' && (
                <>
                  <dt>Suspended because</dt>
                  <dd>{org.statusReason}</dd>
                </>
              )}
            </DetailList>
            {org.about && <p>{org.about}</p>}
          </CardBody>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Figures</CardTitle>
          </CardHeader>
          <CardBody>
            <DetailList>
              <dt>Events</dt>
              <dd>{formatNumber(org.counts.events)}</dd>
              <dt>Paid orders</dt>
              <dd>{formatNumber(org.counts.paidOrders)}</dd>
              <dt>Money taken</dt>
              <dd>{formatRupees(org.counts.moneyTaken)}</dd>
            </DetailList>
          </CardBody>
        </Card>
        <PlatformNotes organisation={org} editable={isPlatformAdmin} />
      </Sections>
      <ConfirmDialog
        open={confirming !== null}
        tone="primary"
        title={confirming === 'reinstate' ? 'Reinstate organisation' : 'Approve organisation'}
        message={`${org.displayName} will publish events and sell tickets. Its admins are e-mailed.`}
        confirmLabel={confirming === 'reinstate' ? 'Reinstate' : 'Approve'}
        busy={decide.isPending}
        onConfirm={() => decideNow(confirming!)}
        onCancel={() => setConfirming(null)}
      />
      <ReasonDialog
        open={suspending}
        title="Suspend organisation"
        description={`${org.displayName}'s events leave the public lists and stop selling. Tickets already sold stay valid.`}
        confirmLabel="Suspend"
        onClose={() => setSuspending(false)}
        onConfirm={async (reason) => {
          await decide.mutateAsync({ id: org.id, decision: 'suspend', reason });
          toast({ title: 'Organisation suspended', description: `${org.displayName} is suspended.`, variant: 'success' });
        }}
      />
    </>
  );
}

/** The platform's own notes (never shown to the organiser) and the trusted exception to Event Approval Required. */
function PlatformNotes({ organisation: org, editable }: { organisation: PlatformOrganisation; editable: boolean }) {
  const update = useUpdateOrganisation();
  const { toast } = useToast();
  const [notes, setNotes] = useState(org.platformNotes);
  useEffect(() => setNotes(org.platformNotes), [org.platformNotes]);
  const shownCommission = org.commissionPercent === null ? '' : String(org.commissionPercent);
  const [commission, setCommission] = useState(shownCommission);
  useEffect(() => setCommission(shownCommission), [shownCommission]);
  const save = async (change: { platformNotes?: string; trusted?: boolean; commissionPercent?: number | null }) => {
    try {
      await update.mutateAsync({ id: org.id, change });
      toast({ title: 'Saved', description: `${org.displayName} updated.`, variant: 'success' });
    } catch (failure) {
      toast({ title: 'Error', description: getErrorMessage(failure), variant: 'destructive' });
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Platform notes</CardTitle>
      </CardHeader>
      <CardBody>
        <Switch
          label="Trusted"
          description="A trusted organisation's events go live without review."
          checked={org.trusted}
          disabled={!editable || update.isPending}
          onCheckedChange={(trusted) => void save({ trusted })}
        />
        <Field
          label="Commission (%)"
          hint="This organisation's own commission on ticket sales. Leave empty for the platform's setting."
        >
          <Input
            inputMode="decimal"
            value={commission}
            readOnly={!editable}
            placeholder="Platform's setting"
            onChange={(e) => setCommission(e.target.value)}
          />
        </Field>
        {editable && (
          <Button
            variant="outline"
            disabled={commission.trim() === shownCommission}
            loading={update.isPending}
            onClick={() => void save({ commissionPercent: commission.trim() === '' ? null : Number(commission) })}
          >
            Save commission
          </Button>
        )}
        <Field label="Notes" hint="Only platform staff see these.">
          <Textarea rows={4} value={notes} readOnly={!editable} onChange={(e) => setNotes(e.target.value)} />
        </Field>
        {editable && (
          <Button
            variant="outline"
            disabled={notes === org.platformNotes}
            loading={update.isPending}
            onClick={() => void save({ platformNotes: notes })}
          >
            Save notes
          </Button>
        )}
      </CardBody>
    </Card>
  );
}

const Sections = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;
