// Settings → API tokens (issue 45, decision 062): the organisation's tokens for /api/v1 with their
// scopes, prefix, creation, last use and expiry; "Create API token" shows the secret once; "Revoke"
// asks first and ends the token at once. Admins only (the Settings page's guard, and the API's).
import { useState } from 'react';
import styled from 'styled-components';
import type { ApiTokenStatus, ApiTokenView } from '@tdk/api/contract/api-tokens';
import {
  Button,
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  formatDateTime,
  getErrorMessage,
  useToast,
} from '@tdk/shared-ui';
import { DataTable, StatusBadge } from '@tdk/shared-ui/admin';
import { CreateApiTokenDialog } from './api-token-dialog';
import { useApiTokens, useRevokeApiToken } from './queries';

const STATUS: Record<ApiTokenStatus, { tone: 'green' | 'grey' | 'red'; label: string }> = {
  active: { tone: 'green', label: 'Active' },
  expired: { tone: 'grey', label: 'Expired' },
  revoked: { tone: 'red', label: 'Revoked' },
};

export function ApiTokensSection() {
  const { toast } = useToast();
  const { data, error, isPending } = useApiTokens();
  const revoke = useRevokeApiToken();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiTokenView | null>(null);

  const confirmRevoke = (token: ApiTokenView) =>
    revoke.mutateAsync(token.id).then(
      () => {
        setRevoking(null);
        toast({ title: 'Success', description: `"${token.name}" was revoked`, variant: 'success' });
      },
      (caught: unknown) => {
        setRevoking(null);
        toast({ title: 'Error', description: getErrorMessage(caught), variant: 'destructive' });
      },
    );

  return (
    <Card as="section" aria-labelledby="settings-api-tokens-title">
      <CardHeader>
        <div>
          <CardTitle id="settings-api-tokens-title">API tokens</CardTitle>
          <CardDescription>
            Connect your own tools to your organisation&apos;s data through the API (see <a href="/developers">/developers</a>).
          </CardDescription>
        </div>
        <Button onClick={() => setCreating(true)}>Create API token</Button>
      </CardHeader>
      <CardBody>
        {error && <ErrorText role="alert">Failed to load API tokens: {error.message}</ErrorText>}
        <DataTable
          caption="Your organisation’s API tokens"
          hideCaption
          loading={isPending}
          rows={data?.tokens ?? []}
          getRowKey={(token) => token.id}
          emptyTitle="No API tokens yet."
          columns={[
            { key: 'name', header: 'Name', render: (token) => <strong>{token.name}</strong> },
            { key: 'scopes', header: 'Scopes', render: (token) => token.scopes.join(', ') },
            { key: 'prefix', header: 'Token', render: (token) => <code>{token.prefix}…</code> },
            {
              key: 'created',
              header: 'Created',
              render: (token) => `${formatDateTime(token.createdAt)}${token.createdBy ? ` by ${token.createdBy}` : ''}`,
            },
            {
              key: 'lastUsed',
              header: 'Last used',
              render: (token) =>
                token.lastUsedAt
                  ? `${formatDateTime(token.lastUsedAt)}${token.lastUsedIp ? ` from ${token.lastUsedIp}` : ''}`
                  : 'Never',
            },
            {
              key: 'expires',
              header: 'Expires',
              render: (token) => (token.expiresAt ? formatDateTime(token.expiresAt) : 'Never'),
            },
            {
              key: 'status',
              header: 'Status',
              render: (token) => <StatusBadge tone={STATUS[token.status].tone} label={STATUS[token.status].label} />,
            },
            {
              key: 'actions',
              header: 'Actions',
              render: (token) =>
                token.status === 'revoked' ? null : (
                  <Button size="sm" variant="danger" onClick={() => setRevoking(token)} aria-label={`Revoke ${token.name}`}>
                    Revoke
                  </Button>
                ),
            },
          ]}
        />
      </CardBody>
      <CreateApiTokenDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke API token"
        message={`Revoke "${revoking?.name ?? ''}"?`}
        details="Every request made with it is refused from now on. This cannot be undone: create a new token for the tool instead."
        confirmLabel="Revoke token"
        busy={revoke.isPending}
        onConfirm={() => (revoking ? confirmRevoke(revoking) : undefined)}
        onCancel={() => setRevoking(null)}
      />
    </Card>
  );
}

const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.danger};
`;
