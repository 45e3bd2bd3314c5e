import { useState } from 'react';
import { Link } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import { SearchInput, formatShortDate, initials } from '@tdk/shared-ui';
import { DataTable, StatCard, StatGrid, StatusBadge } from '@tdk/shared-ui/admin';
import type { Participant } from '@tdk/api/contract';
import { useParticipants } from './queries';

/** SPEC.md section 2's search: name, e-mail or location, case-insensitive contains. */
export function matchesParticipant(participant: Participant, search: string) {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [participant.name, participant.email, participant.location].some((value) => value.toLowerCase().includes(needle));
}

export function ParticipantsView() {
  const { data, error, isPending: loading } = useParticipants();
  const [search, setSearch] = useState('');
  const rows = (data?.participants ?? []).filter((participant) => matchesParticipant(participant, search));

  return (
    <>
      <StatGrid>
        <StatCard label="Total Users" value={data?.stats.totalUsers ?? '–'} loading={loading} />
        <StatCard label="Active Users" value={data?.stats.activeUsers ?? '–'} loading={loading} tone="green" />
        <StatCard label="New This Month" value={data?.stats.newThisMonth ?? '–'} loading={loading} tone="blue" />
        <StatCard label="Events Joined" value={data?.stats.totalEventsJoined ?? '–'} loading={loading} tone="yellow" />
      </StatGrid>
      {error && <ErrorText role="alert">Failed to load users: {error.message}</ErrorText>}
      <Toolbar>
        <SearchInput placeholder="Search users..." value={search} onChange={(event) => setSearch(event.target.value)} />
      </Toolbar>
      <DataTable
        caption="Participants"
        hideCaption
        loading={loading}
        rows={rows}
        getRowKey={(participant) => participant.id}
        minWidth={960}
        emptyTitle={search ? 'No users match your search.' : 'No participants yet.'}
        emptyMessage={
          search ? 'Try a different name, e-mail or city.' : 'Participants appear here after their first registration.'
        }
        columns={[
          {
            key: 'user',
            header: 'User',
            render: (participant) => (
              <UserCell>
                <Avatar aria-hidden="true">{initials(participant.name)}</Avatar>
                <span>{participant.name}</span>
              </UserCell>
            ),
          },
          { key: 'email', header: 'Email', render: (participant) => <Email>{participant.email}</Email> },
          { key: 'joined', header: 'Join Date', render: (participant) => formatShortDate(participant.joinDate) },
          { key: 'location', header: 'Location', render: (participant) => participant.location },
          { key: 'events', header: 'Events Joined', align: 'right', render: (participant) => participant.eventsJoined },
          {
            key: 'status',
            header: 'Status',
            render: (participant) => (
              <StatusBadge tone={participant.status === 'Active' ? 'green' : 'grey'} label={participant.status} />
            ),
          },
          {
            key: 'actions',
            header: 'Actions',
            sticky: 'end',
            render: (participant) => (
              <Actions>
                <a href={`mailto:${participant.email}`} aria-label={`Email ${participant.name}`}>
                  Email
                </a>
                <Link
                  to={`/admin/registrations?search=${encodeURIComponent(participant.email)}`}
                  aria-label={`Registrations of ${participant.name}`}
                >
                  Registrations
                </Link>
              </Actions>
            ),
          },
        ]}
      />
    </>
  );
}

const Toolbar = styled.div`
  margin: 20px 0 12px;
  max-width: 360px;
`;

const UserCell = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 10px;
  font-weight: 600;
`;

const Avatar = styled.span`
  display: inline-grid;
  place-items: center;
  width: 34px;
  height: 34px;
  border-radius: 50%;
  background: ${({ theme }) => theme.tones.orange.bg};
  color: ${({ theme }) => theme.tones.orange.fg};
  font-size: 0.8rem;
  font-weight: 700;
`;

const Actions = styled.span`
  display: inline-flex;
  gap: 12px;
  a {
    color: ${({ theme }) => theme.colors.secondary};
  }
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.danger};
`;

// A long address breaks where it must, so the table fits a laptop instead of scrolling sideways.
const Email = styled.span`
  overflow-wrap: anywhere;
`;
