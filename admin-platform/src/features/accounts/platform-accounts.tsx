import { useState } from 'react';
import styled from 'styled-components';
import type { PlatformAccount, PlatformAccountsQuery } from '@tdk/api/contract';
import {
  Button,
  Card,
  CardBody,
  ConfirmDialog,
  Field,
  Input,
  formatShortDate,
  getErrorMessage,
  useSession,
  useToast,
} from '@tdk/shared-ui';
import { ListError } from '@tdk/shared-ui/admin';
import { useLazySchemaForm } from '@tdk/shared-ui/forms';
import { usePlatformRole } from '../access/platform-staff-only';
import { platformRoleLabel } from '../staff/platform-staff';
import { accountStatus, membershipLine } from './account-text';
import { usePlatformAccounts, useResetAccountTwoFactor, useSetAccountDisabled } from './queries';

type Pending = { account: PlatformAccount; action: 'disable' | 'enable' | 'two-factor' };

/**
 * A whole staff account (decision 061): find it by e-mail, see the organisations it works for;
 * platform admins switch the whole account off and on, and reset its two-factor, which an
 * organisation's admin may not do for an account shared with another organiser or the platform.
 */
export function PlatformAccounts() {
  const [email, setEmail] = useState('');
  const { data, error, isFetching } = usePlatformAccounts(email);
  const isPlatformAdmin = usePlatformRole() === 'platform_admin';
  const session = useSession();
  const setDisabled = useSetAccountDisabled();
  const resetTwoFactor = useResetAccountTwoFactor();
  const { toast } = useToast();
  const [pending, setPending] = useState<Pending | null>(null);
  const form = useLazySchemaForm(() => import('@tdk/api/contract').then((m) => m.platformAccountsQuerySchema), {
    defaultValues: { email: '' } satisfies PlatformAccountsQuery,
  });
  const search = form.handleSubmit(({ email: text }) => setEmail(text));

  const act = async ({ account, action }: Pending) => {
    try {
      if (action === 'two-factor') {
        await resetTwoFactor.mutateAsync(account.id);
        toast({
          title: 'Two-factor reset',
          description: `${account.fullName} sets up two-factor again at their next sign-in; their sessions have ended.`,
          variant: 'success',
        });
      } else {
        await setDisabled.mutateAsync({ id: account.id, disabled: action === 'disable' });
        toast({
          title: action === 'disable' ? 'Account disabled' : 'Account enabled',
          description:
            action === 'disable'
              ? `${account.fullName} can no longer sign in anywhere; their sessions have ended.`
              : `${account.fullName} can sign in again, to the organisations they work for.`,
          variant: 'success',
        });
      }
    } catch (failure) {
      toast({ title: 'Error', description: getErrorMessage(failure), variant: 'destructive' });
    }
  };

  const accounts = data?.accounts;
  return (
    <>
      <SearchForm onSubmit={search} noValidate role="search" aria-label="Find a staff account">
        <Field label="Email, or part of it" error={form.formState.errors.email?.message}>
          <Input type="search" autoComplete="off" {...form.register('email')} />
        </Field>
        <Button type="submit" loading={isFetching}>
          Find account
        </Button>
      </SearchForm>
      {error && <ListError role="alert">{getErrorMessage(error)}</ListError>}
      {accounts && (
        <Results aria-live="polite">
          {accounts.length === 0 ? (
            <p>No staff account has an e-mail containing “{email}”.</p>
          ) : (
            accounts.map((account) => (
              <li key={account.id}>
                <Card>
                  <CardBody>
                    <AccountHeading>
                      <h3>{account.fullName}</h3>
                      <span>{account.email}</span>
                    </AccountHeading>
                    <Facts>
                      <dt>Account</dt>
                      <dd>{accountStatus(account)}</dd>
                      <dt>Platform role</dt>
                      <dd>{account.platformRole ? platformRoleLabel(account.platformRole) : 'None'}</dd>
                      <dt>Two-factor</dt>
                      <dd>{account.twoFactorEnabled ? 'Set up' : 'Not set up'}</dd>
                      <dt>Last sign-in</dt>
                      <dd>{account.lastLoginAt ? formatShortDate(account.lastLoginAt) : 'Never'}</dd>
                    </Facts>
                    <h4>Organisations</h4>
                    {account.memberships.length === 0 ? (
                      <p>Not a member of any organisation.</p>
                    ) : (
                      <ul aria-label={`${account.fullName}'s organisations`}>
                        {account.memberships.map((m) => (
                          <li key={m.organisationId}>{membershipLine(m)}</li>
                        ))}
                      </ul>
                    )}
                    {isPlatformAdmin && (
                      <Actions>
                        {account.disabled ? (
                          <Button variant="outline" onClick={() => setPending({ account, action: 'enable' })}>
                            Enable account
                          </Button>
                        ) : (
                          account.id !== session.user?.id && (
                            <Button variant="danger" onClick={() => setPending({ account, action: 'disable' })}>
                              Disable account
                            </Button>
                          )
                        )}
                        <Button variant="outline" onClick={() => setPending({ account, action: 'two-factor' })}>
                          Reset two-factor
                        </Button>
                      </Actions>
                    )}
                  </CardBody>
                </Card>
              </li>
            ))
          )}
        </Results>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.action === 'disable' ? 'Disable account' : pending?.action === 'enable' ? 'Enable account' : 'Reset two-factor'
        }
        message={pending && confirmMessage(pending)}
        details={pending && confirmDetails(pending)}
        confirmLabel={pending?.action === 'disable' ? 'Disable' : pending?.action === 'enable' ? 'Enable' : 'Reset'}
        busy={setDisabled.isPending || resetTwoFactor.isPending}
        onCancel={() => setPending(null)}
        onConfirm={async () => {
          if (pending) await act(pending);
          setPending(null);
        }}
      />
    </>
  );
}

const confirmMessage = ({ account, action }: Pending) =>
  action === 'disable'
    ? `Disable ${account.fullName}'s whole account?`
    : action === 'enable'
      ? `Enable ${account.fullName}'s account again?`
      : `Reset ${account.fullName}'s two-factor?`;

const confirmDetails = ({ account, action }: Pending) =>
  action === 'disable'
    ? `They cannot sign in to any organisation or the platform, get no password-reset link, and are signed out now. Their memberships (${account.memberships.length}) stay as they are.`
    : action === 'enable'
      ? 'They sign in with their own password again, to the organisations where their membership is enabled.'
      : 'Their sessions end and they set up two-factor again at their next sign-in. Do this only once you are sure who is asking.';

const SearchForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => theme.space.lg} 0 ${({ theme }) => theme.space.md};
  & > :first-child {
    flex: 1 1 16rem;
  }
`;

const Results = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const AccountHeading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => theme.space.sm};
  overflow-wrap: anywhere;
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => theme.space.md} 0;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
`;
