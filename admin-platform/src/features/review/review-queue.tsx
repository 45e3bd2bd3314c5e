import { useState } from 'react';
import styled from 'styled-components';
import type { EventForReview } from '@tdk/api/contract';
import { Button, Card, CardBody, EmptyState, getErrorMessage, useToast } from '@tdk/shared-ui';
import { ListError } from '@tdk/shared-ui/admin';
import { Link } from '@tdk/shared-ui/router';
import { useOrganisations } from '../organisations/queries';
import { usePlatformRole } from '../access/platform-staff-only';
import { EventPreview } from './event-preview';
import { ReasonDialog } from '../reason/reason-dialog';
import { useEventReview, useSubmittedEvents } from './queries';
import { useOrganisationDecision } from '../organisations/queries';

/** What waits for platform staff: organisations awaiting approval, then submitted events. */
export function ReviewQueue() {
  return (
    <Queue>
      <AppliedOrganisations />
      <SubmittedEvents />
    </Queue>
  );
}

function AppliedOrganisations() {
  const { data, error } = useOrganisations('applied');
  const decide = useOrganisationDecision();
  const { toast } = useToast();
  const canDecide = usePlatformRole() === 'platform_admin';
  const approve = async (id: number, name: string) => {
    try {
      await decide.mutateAsync({ id, decision: 'approve' });
      toast({ title: 'Organisation approved', description: `${name} can now publish and sell.`, variant: 'success' });
    } catch (failure) {
      toast({ title: 'Error', description: `Failed to approve: ${getErrorMessage(failure)}`, variant: 'destructive' });
    }
  };
  return (
    <section aria-labelledby="applied-heading">
      <h2 id="applied-heading">Organisations awaiting approval</h2>
      {error ? (
        <ListError role="alert">Failed to load organisations.</ListError>
      ) : data && data.organisations.length === 0 ? (
        <EmptyState title="No organisation is waiting" />
      ) : (
        <Items>
          {data?.organisations.map((org) => (
            <Card key={org.id}>
              <CardBody>
                <Row>
                  <div>
                    <Link to={`organisations/${org.id}`}>{org.displayName}</Link> ({org.legalName}, {org.contactEmail})
                  </div>
                  {canDecide && (
                    <Button
                      size="sm"
                      aria-label={`Approve ${org.displayName}`}
                      onClick={() => void approve(org.id, org.displayName)}
                    >
                      Approve
                    </Button>
                  )}
                </Row>
              </CardBody>
            </Card>
          ))}
        </Items>
      )}
    </section>
  );
}

function SubmittedEvents() {
  const { data, error } = useSubmittedEvents();
  const review = useEventReview();
  const { toast } = useToast();
  const [rejecting, setRejecting] = useState<EventForReview | null>(null);
  const approve = async (event: EventForReview) => {
    try {
      const { event: approved } = await review.mutateAsync({ id: event.id, decision: 'approve' });
      toast({ title: 'Event approved', description: `"${approved.title}" is now ${approved.status}.`, variant: 'success' });
    } catch (failure) {
      toast({ title: 'Error', description: `Failed to approve: ${getErrorMessage(failure)}`, variant: 'destructive' });
    }
  };
  return (
    <section aria-labelledby="submitted-heading">
      <h2 id="submitted-heading">Events submitted for review</h2>
      {error ? (
        <ListError role="alert">Failed to load the review queue.</ListError>
      ) : data && data.events.length === 0 ? (
        <EmptyState title="No event is waiting for review" />
      ) : (
        <Items>
          {data?.events.map((event) => (
            <Card key={event.id}>
              <CardBody>
                <p>
                  From <Link to={`organisations/${event.organisation.id}`}>{event.organisation.displayName}</Link>
                </p>
                <EventPreview event={event} />
                <Row>
                  <Button variant="outline" aria-label={`Reject ${event.title}`} onClick={() => setRejecting(event)}>
                    Reject
                  </Button>
                  <Button aria-label={`Approve ${event.title}`} onClick={() => void approve(event)}>
                    Approve
                  </Button>
                </Row>
              </CardBody>
            </Card>
          ))}
        </Items>
      )}
      <ReasonDialog
        open={rejecting !== null}
        title="Reject event"
        description={rejecting ? `"${rejecting.title}" goes back to Draft, and its organiser is told why.` : ''}
        confirmLabel="Reject event"
        onClose={() => setRejecting(null)}
        onConfirm={async (reason) => {
          const { event } = await review.mutateAsync({ id: rejecting!.id, decision: 'reject', reason });
          toast({ title: 'Event sent back', description: `"${event.title}" is back in Draft.`, variant: 'success' });
        }}
      />
    </section>
  );
}

const Queue = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  h2 {
    font-size: 1.1rem;
  }
`;

const Items = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
  justify-content: space-between;
`;
