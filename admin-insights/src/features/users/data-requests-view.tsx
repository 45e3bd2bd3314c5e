import { useState } from 'react';
import styled from 'styled-components';
import type { DataRequestView } from '@tdk/api/contract';
import { Button, ConfirmDialog, Field, Skeleton, Textarea, formatDateTime, useToast } from '@tdk/shared-ui';
import { useActOnDataRequest, useDataRequests } from './queries';

const STATUS_LABELS: Record<DataRequestView['status'], string> = {
  pending: 'Waiting',
  completed: 'Erased',
  declined: 'Declined',
};

/**
 * Buyers' requests to erase their personal data (decision 030), pending first. Erasing replaces the
 * names, contacts, dates of birth and medical and emergency details of every booking of the
 * e-mail with a tombstone and keeps the money; declining tells the buyer why.
 */
export function DataRequestsView() {
  const requests = useDataRequests();
  const act = useActOnDataRequest();
  const { toast } = useToast();
  const [erasing, setErasing] = useState<DataRequestView | null>(null);
  const [declining, setDeclining] = useState<DataRequestView | null>(null);
  const [note, setNote] = useState('');

  if (requests.isPending) return <Skeleton height={160} />;
  if (requests.isError) return <p role="alert">The data requests could not be loaded.</p>;
  const list = requests.data.requests;

  const run = (action: Parameters<typeof act.mutateAsync>[0], done: string) =>
    act.mutateAsync(action).then(
      (): void => {
        setErasing(null);
        setDeclining(null);
        setNote('');
        toast({ title: done });
      },
      (error: Error): void => {
        toast({ title: error.message, variant: 'destructive' });
      },
    );

  return (
    <Stack data-testid="data-requests">
      <p>
        Buyers ask from My bookings for their personal data to be erased. Erasing keeps amounts, payments, refunds and booking
        references (tax and payment records) and is recorded in the audit log.
      </p>
      {list.length === 0 ? (
        <p>No requests yet.</p>
      ) : (
        <Table>
          <thead>
            <tr>
              <th scope="col">Asked</th>
              <th scope="col">Buyer</th>
              <th scope="col">Bookings</th>
              <th scope="col">Status</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {list.map((request) => (
              <tr key={request.id} data-testid="data-request">
                <td>{formatDateTime(request.requestedAt)}</td>
                <td>{request.email || '(erased)'}</td>
                <td>{request.bookingReferences.join(', ') || '—'}</td>
                <td>
                  {STATUS_LABELS[request.status]}
                  {request.handledAt && ` ${formatDateTime(request.handledAt)} by ${request.handledByEmail ?? 'staff'}`}
                  {request.note && ` — ${request.note}`}
                </td>
                <td>
                  {request.status === 'pending' && (
                    <Actions>
                      <Button size="sm" variant="danger" onClick={() => setErasing(request)}>
                        Erase
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setDeclining(request)}>
                        Decline
                      </Button>
                    </Actions>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <ConfirmDialog
        open={erasing !== null}
        title="Erase this buyer's personal data?"
        message={`Every booking of ${erasing?.email ?? ''} (${erasing?.bookingReferences.join(', ') ?? ''}) loses its names, contacts, dates of birth, answers and medical, emergency and guardian details. Amounts, payments and refunds stay. This cannot be undone.`}
        confirmLabel="Erase"
        busy={act.isPending}
        onCancel={() => setErasing(null)}
        onConfirm={() => (erasing ? run({ id: erasing.id, erase: true }, 'Personal data erased') : undefined)}
      />
      <ConfirmDialog
        open={declining !== null}
        tone="primary"
        title="Decline this request?"
        message="Say why: the buyer sees it on My bookings (an event still to come, a dispute, a legal hold)."
        details={
          <Field label="Reason" required>
            <Textarea rows={3} value={note} onChange={(event) => setNote(event.target.value)} />
          </Field>
        }
        confirmLabel="Decline"
        confirmDisabled={!note.trim()}
        busy={act.isPending}
        onCancel={() => setDeclining(null)}
        onConfirm={() => (declining ? run({ id: declining.id, erase: false, note: note.trim() }, 'Request declined') : undefined)}
      />
    </Stack>
  );
}

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};

  p {
    margin: 0;
  }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  th,
  td {
    text-align: start;
    padding: ${({ theme }) => theme.space.sm};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;
