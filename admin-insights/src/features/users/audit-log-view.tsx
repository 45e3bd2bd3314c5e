import { useState } from 'react';
import styled from 'styled-components';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, auditActionLabel, type AuditEntity, type AuditLogEntry } from '@tdk/api/contract';
import { Button, Field, Input, Select, formatDateTime } from '@tdk/shared-ui';
import { DataTable } from '@tdk/shared-ui/admin';
import { describeDetail } from './audit-detail';
import { useAuditLog, useStaffAccounts, type AuditFilters } from './queries';

const PAGE_SIZE = 50;

/**
 * Who changed what, when and from where: newest first, a page at a time, narrowed by member, kind
 * of record, action and India days; each change with its before and after.
 */
export function AuditLogView() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const [before, setBefore] = useState<number[]>([]);
  const cursor = before.at(-1);
  const { data, error, isPending: loading } = useAuditLog(PAGE_SIZE, cursor, filters);
  const staff = useStaffAccounts();
  // A new filter reads from the newest entry again.
  const narrow = (change: Partial<AuditFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setBefore([]);
  };

  return (
    <>
      <Filters aria-label="Filter the audit log">
        <Field label="Who" htmlFor="audit-who">
          <Select
            id="audit-who"
            value={filters.actor ?? ''}
            onChange={(event) => narrow({ actor: event.target.value ? Number(event.target.value) : undefined })}
          >
            <option value="">Everyone</option>
            {(staff.data?.users ?? []).map((member) => (
              <option key={member.id} value={member.id}>
                {member.fullName} ({member.email})
              </option>
            ))}
          </Select>
        </Field>
        <Field label="What" htmlFor="audit-what">
          <Select
            id="audit-what"
            value={filters.entity ?? ''}
            onChange={(event) => narrow({ entity: (event.target.value || undefined) as AuditEntity | undefined })}
          >
            <option value="">Everything</option>
            {Object.entries(AUDIT_ENTITIES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Action" htmlFor="audit-action">
          <Select
            id="audit-action"
            value={filters.action ?? ''}
            onChange={(event) => narrow({ action: event.target.value || undefined })}
          >
            <option value="">Any action</option>
            {Object.entries(AUDIT_ACTIONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="From" htmlFor="audit-from">
          <Input
            id="audit-from"
            type="date"
            value={filters.from ?? ''}
            onChange={(event) => narrow({ from: event.target.value || undefined })}
          />
        </Field>
        <Field label="To" htmlFor="audit-to">
          <Input
            id="audit-to"
            type="date"
            value={filters.to ?? ''}
            onChange={(event) => narrow({ to: event.target.value || undefined })}
          />
        </Field>
      </Filters>
      {error && <ErrorText role="alert">Failed to load the audit log: {error.message}</ErrorText>}
      <DataTable
        caption="Audit log"
        hideCaption
        loading={loading}
        rows={data?.entries ?? []}
        getRowKey={(entry) => entry.id}
        emptyTitle={Object.values(filters).some(Boolean) ? 'Nothing recorded matches these filters.' : 'Nothing recorded yet.'}
        columns={[
          { key: 'when', header: 'When', render: (entry) => formatDateTime(entry.createdAt) },
          { key: 'who', header: 'Who', render: (entry) => <Who entry={entry} /> },
          { key: 'action', header: 'Action', render: (entry) => auditActionLabel(entry.action) },
          { key: 'entity', header: 'What', render: (entry) => <What entry={entry} /> },
          { key: 'changes', header: 'Details', render: (entry) => <Details entry={entry} /> },
          { key: 'ip', header: 'From', render: (entry) => entry.ip ?? '–' },
        ]}
      />
      <Pager>
        <Button
          variant="outline"
          size="sm"
          disabled={before.length === 0}
          onClick={() => setBefore((pages) => pages.slice(0, -1))}
        >
          Newer
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!data?.nextBefore}
          onClick={() => data?.nextBefore && setBefore((pages) => [...pages, data.nextBefore!])}
        >
          Older
        </Button>
      </Pager>
    </>
  );
}

function Who({ entry }: { entry: AuditLogEntry }) {
  if (!entry.actorName) return <>{entry.actorEmail}</>;
  return (
    <>
      {entry.actorName}
      <Muted>{entry.actorEmail}</Muted>
    </>
  );
}

function What({ entry }: { entry: AuditLogEntry }) {
  const kind = (AUDIT_ENTITIES as Record<string, string>)[entry.entity] ?? entry.entity;
  const name = entry.subject ?? (entry.entityId ? `#${entry.entityId}` : null);
  return (
    <>
      {name ?? kind}
      {name && <Muted>{kind}</Muted>}
    </>
  );
}

function Details({ entry }: { entry: AuditLogEntry }) {
  const lines = describeDetail(entry.detail);
  if (lines.length === 0) return <>–</>;
  return (
    <Changes>
      {lines.map((line) => (
        <li key={line.field}>
          <strong>{line.field}</strong>{' '}
          {line.to === undefined ? (
            line.from
          ) : (
            <>
              <Before>{line.from}</Before> → {line.to}
            </>
          )}
        </li>
      ))}
    </Changes>
  );
}

const Filters = styled.section`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: 12px;
  margin-bottom: 16px;
`;

const Muted = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.85rem;
`;

const Changes = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 2px;
  font-size: 0.9rem;
  max-width: 420px;
  overflow-wrap: anywhere;
`;

const Before = styled.del`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Pager = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
  margin-top: 12px;
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.danger};
`;
