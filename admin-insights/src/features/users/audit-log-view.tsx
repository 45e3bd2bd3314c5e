import { useState } from 'react';
import styled from 'styled-components';
import type { AuditLogEntry } from '@tdk/api/contract';
import { Button, DataTable, formatDateTime } from '@tdk/shared-ui';
import { useAuditLog } from './queries';

const PAGE_SIZE = 50;

/** Who changed what, when and from where: newest first, a page at a time. */
export function AuditLogView() {
  const [before, setBefore] = useState<number[]>([]);
  const cursor = before.at(-1);
  const { data, error, isPending: loading } = useAuditLog(PAGE_SIZE, cursor);

  return (
    <>
      {error && <ErrorText role="alert">Failed to load the audit log: {error.message}</ErrorText>}
      <DataTable
        caption="Audit log"
        hideCaption
        loading={loading}
        rows={data?.entries ?? []}
        getRowKey={(entry) => entry.id}
        emptyTitle="Nothing recorded yet."
        columns={[
          { key: 'when', header: 'When', render: (entry) => formatDateTime(entry.createdAt) },
          { key: 'who', header: 'Who', render: (entry) => entry.actorEmail },
          { key: 'action', header: 'Action', render: (entry) => <Action>{entry.action}</Action> },
          { key: 'entity', header: 'What', render: (entry) => describeEntity(entry) },
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

function describeEntity(entry: AuditLogEntry) {
  return entry.entityId ? `${entry.entity} #${entry.entityId}` : entry.entity;
}

const Action = styled.code`
  font-size: 0.85rem;
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
