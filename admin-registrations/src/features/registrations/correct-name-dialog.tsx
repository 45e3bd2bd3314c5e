import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { NameCorrectionInput, Registration } from '@tdk/api/contract';
import { Button, Callout, Dialog, Field, Input, getErrorMessage, isApiError, useToast } from '@tdk/shared-ui';
import { applyServerErrors, useLazySchemaForm } from '@tdk/shared-ui/forms';
import { useCorrectName } from './queries';

/**
 * Correct a caller's misspelt name (decision 047): support, managers and admins. Only the first and
 * last name change; the full edit (contacts, status) stays a manager's.
 */
export function CorrectNameDialog({ registration, onClose }: { registration: Registration | null; onClose: () => void }) {
  const { toast } = useToast();
  const correct = useCorrectName();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useLazySchemaForm(() => import('./name-correction-schema').then((m) => m.nameCorrectionSchema));
  const { errors } = form.formState;

  useEffect(() => {
    if (!registration) return;
    setProblem(null);
    form.reset({ firstName: registration.participantInfo.firstName, lastName: registration.participantInfo.lastName });
  }, [form, registration]);

  const submit = form.handleSubmit(async (values) => {
    if (!registration) return;
    try {
      await correct.mutateAsync({ id: registration.id, input: { firstName: values.firstName, lastName: values.lastName } });
      toast({
        title: 'Name corrected',
        description: `${registration.registrationNumber} is now ${values.firstName} ${values.lastName}.`,
        variant: 'success',
      });
      onClose();
    } catch (error) {
      if (applyServerErrors<NameCorrectionInput>(error, form.setError, ['firstName', 'lastName'])) return;
      setProblem(isApiError(error) ? getErrorMessage(error) : 'The name could not be saved. Please try again.');
    }
  });

  return (
    <Dialog
      open={registration !== null}
      onClose={onClose}
      title="Correct Name"
      description={registration?.registrationNumber}
      size="md"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="correct-name-form" loading={correct.isPending}>
            Save name
          </Button>
        </>
      }
    >
      {registration && (
        <form id="correct-name-form" onSubmit={submit} noValidate>
          {problem && (
            <Gap role="alert">
              <Callout tone="danger" title="Not saved">
                {problem}
              </Callout>
            </Gap>
          )}
          <Field label="First name" required error={errors.firstName?.message}>
            <Input autoComplete="off" {...form.register('firstName')} />
          </Field>
          <Field label="Last name" required error={errors.lastName?.message}>
            <Input autoComplete="off" {...form.register('lastName')} />
          </Field>
        </form>
      )}
    </Dialog>
  );
}

const Gap = styled.div`
  margin-bottom: ${({ theme }) => theme.space.md};
`;
